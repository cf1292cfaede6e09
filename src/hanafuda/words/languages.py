# ruff: noqa: E501  (Japanese and Korean sentences: broken where a reader would break them, not at 110 characters)
"""The lobby's game words in Japanese and Korean (issue 15, "English only"): each game's summary,
each option's label and one-sentence help, each choice's label and each preset's name and
description, keyed by game id, option key (``OptionSpec.name``), choice value and preset id.

English stays where it is written (``Game.summary``, ``OptionSpec.label``/``help``/
``choice_labels``, ``Preset.name``/``description``); this module adds the other two languages
(``LANGUAGES``) in the terms players use: 花札・役・光・タン・カス, 화투·약·광·띠·피·뻑.
An option whose words differ by game (``scoring``, ``five_brights``) is keyed by game first.
``tests/words/test_languages.py`` checks that every game, option, choice and preset has all three.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..rules.base import Config, Game
from ..rules.options import OptionSpec
from ..rules.presets import Preset
from .names import LANGUAGES
from .options import option_label, value_text

__all__ = ["LANGUAGES", "TranslationMissing", "allowed_words", "choice_text", "default_words", "game_summary",
           "how_to_play", "option_text", "preset_text", "seat_words", "side_words", "table_words", "value_word",
           "value_words", "yaku_name"]


class TranslationMissing(KeyError):
    """A game, option, choice or preset without words in a language of ``LANGUAGES``."""


Texts = dict[str, str]  # language → text

_SUMMARY: dict[str, Texts] = {
    "min-hwatu": {
        "ja": "韓国の花札（花闘）の合わせ札ゲーム。親から反時計回りに打ち、同じ月の札で取ります。札の点は"
              "20・10・5・0（合計240）。役はほかの全員から支払われます。",
        "ko": "월별로 짝을 맞춰 먹는 한국 화투 놀이. 선부터 시계 반대 방향으로 치고, 패 점수는 "
              "20·10·5·0(합계 240)입니다. 약은 다른 모든 사람이 물어 줍니다.",
    },
    "hana-awase": {
        "ja": "日本の古典的な合わせ札ゲーム。親から反時計回り。札の点は20・10・5・1（合計264）。2人なら山の"
              "最後の8枚はめくるだけの手番になります。役は排他グループごとに数え、既定では基準点からの"
              "ゼロサムです。",
        "ko": "일본의 고전 화투 놀이(하나아와세). 선부터 시계 반대 방향. 패 점수는 20·10·5·1(합계 264). "
              "2인이면 더미의 마지막 8장은 뒤집기만 하는 차례입니다. 약은 겹치지 않는 묶음별로 세고, "
              "기본은 기준점을 두고 주고받는 제로섬입니다.",
    },
    "kwa-do": {
        "ja": "1959年のアメリカの花闘ゲーム。2〜6人、チーム戦も可。親の左隣から時計回り。札の点は20・10・5・0。"
              "各回、取った点のうち下限（240÷陣営数）を超えた分が得点で、先に200点で勝ち。札を出して宣言する"
              "任意の役と、万能札ガジがあります。",
        "ko": "1959년 미국에서 나온 화투 놀이(과도). 2~6인, 편 먹기 가능. 선의 왼쪽부터 시계 방향. 패 점수는 "
              "20·10·5·0. 판마다 먹은 점수 중 기준선(240 ÷ 편 수)을 넘은 만큼 얻고, 먼저 200점이면 이깁니다. "
              "패를 내며 선언하는 선택 약과 만능패 가지가 있습니다.",
    },
    "hawaiifuda": {
        "ja": "ハワイの花札。2〜6人。親から時計回り。サクラの点数（20・10・5、カス0、合計240）。パホエホエ（雷）は"
              "手札からも山からも万能札。任意のボーナス役はほかの全員から50ずつ取ります。",
        "ko": "하와이 화투(하와이후다). 2~6인. 선부터 시계 방향. 사쿠라 점수(20·10·5, 피 0, 합계 240). "
              "파호에호에(번개 패)는 손에서 내도, 더미에서 뒤집혀도 만능패입니다. 선택 보너스 조합은 "
              "상대 모두에게서 50씩 받습니다.",
    },
    "mushi": {
        "ja": "40枚（牡丹と萩を除く）で遊ぶ2人用ゲーム。雷は万能札。札の点は20・10・5・1（合計230、基準115）。"
              "役は相手が支払います（ゼロサム）。",
        "ko": "모란과 싸리를 뺀 40장으로 하는 2인 놀이(무시). 번개 패는 만능패. 패 점수는 20·10·5·1"
              "(합계 230, 기준 115). 약은 상대가 물어 줍니다(제로섬).",
    },
    "koi-koi": {
        "ja": "いちばんよく知られた2人用の花札。親から交互に打ちます。札に点はなく、役だけが点になります。"
              "役ができたり伸びたりしたら「こいこい」（続けてもっと狙う）か「勝負」（いま点にして、相手が払う）"
              "を選びます。",
        "ko": "가장 널리 알려진 2인 화투 놀이(고이고이). 선부터 번갈아 칩니다. 패에는 점수가 없고 약만 점수가 "
              "됩니다. 약이 생기거나 커지면 '고이고이'(계속해서 더 노림)나 '스톱'(지금 점수를 내고 상대가 "
              "물어 줌)을 고릅니다.",
    },
}

_OPTION: dict[str, dict[str, tuple[str, str]]] = {
    # option key → language → (label, help); "game/option" keys are one game's own words
    "yaku_set": {
        "ja": ("役の種類", "どの役が点になるか。基本の短冊3役と同じ月4枚の3役に、韓国式の役（ゴドリ・五光・"
                         "トンヤク）か英語資料の役を加えられます。"),
        "ko": ("약 구성", "어떤 약이 점수가 되는지. 기본 띠 약 셋과 같은 달 넉 장 약 셋에, 한국식 약(고도리·"
                       "오광·똥약)이나 영어권 규칙의 약을 더할 수 있습니다."),
    },
    "yaku_multiplier": {
        "ja": ("役の倍率", "役の点は、支払う相手の人数（人数−1）倍か、規則の文字どおり人数倍になります。"),
        "ko": ("약 배수", "약 점수에 물어 주는 상대 수(인원 − 1)를 곱하거나, 규칙 글자 그대로 인원수를 곱합니다."),
    },
    "five_player_bonus": {
        "ja": ("5人戦の親ボーナス", "5人のとき、親は毎回10点を得て、1回の合計は250点になります。"),
        "ko": ("5인 선 보너스", "5인일 때 선은 판마다 10점을 더 받아 한 판의 합계가 250점이 됩니다."),
    },
    "flip_matches_pair": {
        "ja": ("作ったばかりの対と同じ月をめくったとき", "山からめくった札がその手番で作った対と同じ月なら、"
               "場に残すか、3枚とも重ねて場に残し4枚目で取れるようにします（ポク）。"),
        "ko": ("방금 맞춘 짝과 같은 달을 뒤집었을 때", "더미에서 뒤집은 패가 방금 맞춘 짝과 같은 달이면 바닥에 "
               "남기거나, 세 장을 모두 쌓아 두고 넷째 장이 먹게 합니다(뻑)."),
    },
    "dealer_draw": {
        "ja": ("最初の親決め", "札を引いて最初の親を決めます。夜は一番早い月が親で同月なら低い札、昼は一番遅い月が"
                            "親で同月なら高い札が勝ちます。"),
        "ko": ("첫 선 정하기", "패를 뽑아 첫 선을 정합니다. 밤일낮장: 밤에는 가장 이른 달이 선이고 같은 달이면 "
                           "낮은 패가, 낮에는 가장 늦은 달이 선이고 같은 달이면 높은 패가 이깁니다."),
    },
    "four_on_field": {
        "ja": ("場に同じ月が4枚", "同じ月の4枚が場に配られたら、同じ親が配り直すか、親が打つ前に4枚とも取ります。"),
        "ko": ("바닥에 같은 달 넉 장", "같은 달 넉 장이 바닥에 깔리면 같은 선이 다시 돌리거나, 선이 치기 전에 "
                                  "넉 장을 모두 가져갑니다."),
    },
    "rounds": {
        "ja": ("回数", "対局を何回行うか（空欄なら回数の制限なし：目標点で終わります）。"),
        "ko": ("판 수", "몇 판을 칠지 정합니다(비워 두면 판 수 제한 없이 목표 점수로 끝납니다)."),
    },
    "target": {
        "ja": ("目標点", "ある陣営の合計がこの点に達した回で対局が終わります（空欄なら目標点なし）。"),
        "ko": ("목표 점수", "어느 편의 합계가 이 점수에 이른 판이 끝나면 대국이 끝납니다(비워 두면 목표 없음)."),
    },
    "hana-awase/scoring": {
        "ja": ("点の数え方", "札の点から基準点を引き、役はほかの全員が払うゼロサムか、札の点に自分の役を足す"
                           "加算式かを選びます。"),
        "ko": ("점수 계산", "패 점수에서 기준점을 빼고 약은 다른 모두가 물어 주는 제로섬과, 패 점수에 자기 약을 "
                         "더하는 합산식 중에서 고릅니다."),
    },
    "chaff_value": {
        "ja": ("カスの点", "カス1枚の点（0にすると山全体で240点）。"),
        "ko": ("피 점수", "피 한 장의 점수(0이면 패 전체 합계가 240)."),
    },
    "teyaku": {
        "ja": ("手役", "カスが6枚配られた人は最初の手番の前にそれを見せ、ほかの全員から20ずつ受け取れます（7枚以上"
                     "なら30）。見せた札はほかの人が取れます。"),
        "ko": ("손약(테야쿠)", "피 여섯 장을 받은 사람은 첫 차례 전에 그 패를 보이고 다른 모두에게서 20씩 받습니다"
                           "(일곱 장 이상이면 30). 보인 패는 다른 사람이 먹을 수 있습니다."),
    },
    "willow_row_cancels_yaku": {
        "ja": ("柳4枚で役なし", "柳の4枚をそろえた人がいると、その回の役はすべて無効になります。"),
        "ko": ("비 넉 장이면 약 무효", "비 넉 장을 모두 가진 사람이 있으면 그 판의 약은 모두 무효입니다."),
    },
    "rainman_cancels_viewing": {
        "ja": ("雨で花見・月見なし", "雨（小野道風）を持つ人は花見・月見の役を失います。"),
        "ko": ("비광이면 꽃놀이·달놀이 무효", "비광을 가진 사람은 꽃구경·달구경 약을 잃습니다."),
    },
    "fuke": {
        "ja": ("フケ（流れ）", "誰かの札の点が20点以下なら、その回は流れて全員0点です。"),
        "ko": ("후케(무효 판)", "누군가의 패 점수가 20점 이하이면 그 판은 무효가 되어 모두 0점입니다."),
    },
    "teams": {
        "ja": ("チーム", "味方は取り札と得点を共有します。4人なら1・3番と2・4番の席、6人なら向かい合う2人ずつか"
                       "1つおきの3人ずつ（空欄なら全員が個人戦）。"),
        "ko": ("편", "같은 편은 먹은 패와 점수를 함께 씁니다. 4인이면 1·3번과 2·4번 자리, 6인이면 마주 앉은 "
                    "두 사람씩이나 한 자리 건너 세 사람씩(비워 두면 모두 개인전)."),
    },
    "two_player_hand": {
        "ja": ("2人戦の手札の枚数", "2人のときの手札の枚数。10枚なら山をすべて使い、8枚なら山に8枚残ります。"),
        "ko": ("2인 손패 장수", "2인일 때 손패 장수. 10장이면 패를 모두 쓰고, 8장이면 더미에 8장이 남습니다."),
    },
    "kwa-do/scoring": {
        "ja": ("点の数え方", "陣営の得点は下限（240÷陣営数）を超えた分だけで0未満にならない方式か、取った点"
                           "すべてかを選びます。"),
        "ko": ("점수 계산", "편의 점수를 기준선(240 ÷ 편 수)을 넘은 만큼만, 0 아래로는 내려가지 않게 셀지, "
                         "먹은 점수를 모두 셀지 고릅니다."),
    },
    "yaku": {
        "ja": ("役", "役の点を陣営の点に加えます。菖蒲・紅葉・柳の4枚は30、鳳凰（ドラゴン）は＋25、サクラの"
                    "8組は各30。"),
        "ko": ("약", "약 점수를 편의 점수에 더합니다. 난초·단풍·비 넉 장은 30, 봉황(드래곤)은 +25, 사쿠라의 "
                    "여덟 조합은 각 30."),
    },
    "declare_sets": {
        "ja": ("サクラの組を宣言", "役ありのとき、サクラの組はその札を宣言付きで出したときだけ点になり、その札は"
                              "何も取りません。"),
        "ko": ("사쿠라 조합 선언", "약이 있을 때 사쿠라 조합은 그 패를 선언하며 낼 때만 점수가 되고, 그 패는 "
                              "아무것도 먹지 않습니다."),
    },
    "kwa-do/five_brights": {
        "ja": ("五光", "光札5枚をすべて持つと100点。"),
        "ko": ("오광", "광 다섯 장을 모두 가지면 100점."),
    },
    "gaji": {
        "ja": ("万能札ガジ", "雷が万能札ガジになります。手札から出すと場の好きな札を1枚取れます。"),
        "ko": ("만능패 가지", "번개 패가 만능패 가지가 됩니다. 손에서 내면 바닥의 아무 패나 한 장 먹습니다."),
    },
    "gaji_wild_from_stock": {
        "ja": ("山から出たガジも万能", "ガジありのとき、山からめくったガジも万能札になります。"),
        "ko": ("더미에서 나온 가지도 만능", "가지가 있을 때 더미에서 뒤집힌 가지도 만능패입니다."),
    },
    "bonus_combos": {
        "ja": ("ボーナス役", "3枚組の8つの役。持っている役1つごとに、ほかの全員から50ずつ取ります。"),
        "ko": ("보너스 조합", "석 장짜리 조합 여덟 가지. 가진 조합 하나마다 상대 모두에게서 50씩 받습니다."),
    },
    "mushi/five_brights": {
        "ja": ("五光", "五光を30点にします（オフなら三役だけの遊び方）。"),
        "ko": ("오광", "오광을 30점으로 칩니다(끄면 세 가지 약만 있는 방식)."),
    },
    "hand_takes_field_lightning": {
        "ja": ("手札で場の雷を取る", "柳以外の手札で、場にある雷を取れます。"),
        "ko": ("손패로 바닥 번개 먹기", "비가 아닌 손패로 바닥에 있는 번개 패를 먹을 수 있습니다."),
    },
    "four_pairs_misdeal": {
        "ja": ("場に4対で配り直し", "場の8枚が4つの対になっていたら、それも配り直しです。"),
        "ko": ("바닥 네 쌍이면 재분배", "바닥 여덟 장이 네 쌍을 이루면 그것도 다시 돌립니다."),
    },
    "koi-koi/viewing": {
        "ja": ("花見酒・月見酒", "花見酒（幕と盃）と月見酒（月と盃）：それだけで点になる、なし、ほかの役と"
                               "一緒のときだけ、またはこいこいジャパン式（1点、自分がこいこいした後は3点）。"),
        "ko": ("꽃구경·달구경 술", "꽃구경 술(막과 술잔)과 달구경 술(달과 술잔): 그것만으로 점수, 없음, 다른 "
                                "약과 함께일 때만, 또는 고이고이 재팬식(1점, 자기가 고이고이한 뒤에는 3점)."),
    },
    "koi-koi/viewing_points": {
        "ja": ("花見酒・月見酒の点", "花見酒と月見酒それぞれの点（オンまたはほかの役と一緒のとき）。"),
        "ko": ("꽃구경·달구경 술 점수", "꽃구경 술과 달구경 술 각각의 점수(켬 또는 다른 약과 함께일 때)."),
    },
    "koi-koi/sake_cup_chaff": {
        "ja": ("盃はカスにも数える", "菊に盃はタネであると同時に、カスの1枚にも数えます。"),
        "ko": ("술잔은 피로도 셈", "국화 술잔은 열끗이면서 피 한 장으로도 셉니다."),
    },
    "koi-koi/seven_doubling": {
        "ja": ("7点以上は倍", "勝負したときの点が7点以上なら2倍になります。"),
        "ko": ("7점 이상이면 두 배", "스톱한 점수가 7점 이상이면 두 배가 됩니다."),
    },
    "koi-koi/koikoi_bonus": {
        "ja": ("こいこいの加点", "相手がこいこいしていたら勝負した人の点が2倍、加点なし、またはこいこいジャパン式"
                               "（自分のこいこい1回ごとに+1、4回目からは2倍）。"),
        "ko": ("고이고이 보너스", "상대가 고이고이했으면 스톱한 사람의 점수가 두 배, 보너스 없음, 또는 "
                              "고이고이 재팬식(자기 고이고이 한 번마다 +1, 네 번째부터는 두 배)."),
    },
    "koi-koi/hand_yaku": {
        "ja": ("手役（手四・くっつき）", "配られた手札に同じ月が4枚（手四）か4組の対（くっつき）があれば、"
                                     "その場で6点で勝ちます。"),
        "ko": ("손약(데시·굿쓰키)", "받은 손패에 같은 달 넉 장(데시)이나 네 쌍(굿쓰키)이 있으면 그 자리에서 "
                                "6점으로 이깁니다."),
    },
    "koi-koi/exhaustion": {
        "ja": ("誰も勝負しなかった回", "手札がなくなっても誰も勝負しなかったとき：誰も点にならない、または親の"
                                   "勝ち（親権）。"),
        "ko": ("아무도 스톱하지 않은 판", "손패가 다 떨어져도 아무도 스톱하지 않았을 때: 아무도 점수가 없음, "
                                     "또는 선의 승리(오야켄)."),
    },
    "koi-koi/oya_ken_points": {
        "ja": ("親権の点", "親権で親が得る点。"),
        "ko": ("오야켄 점수", "오야켄으로 선이 얻는 점수."),
    },
    "koi-koi/bank": {
        "ja": ("持ち点", "各自この点数から始め、どちらかの持ち点がなくなると試合終了（空欄なら持ち点なし）。"
                       "点は開始時からの増減で表示します。"),
        "ko": ("시작 점수", "각자 이 점수로 시작하고, 누구든 점수가 바닥나면 경기가 끝납니다(빈칸이면 없음). "
                          "점수는 시작에서 늘고 준 만큼으로 보입니다."),
    },
}

_CHOICE: dict[str, dict[Any, Texts]] = {
    # option key (or "game/option") → choice value → language → label
    "yaku_set": {
        "core": {"ja": "基本の役のみ", "ko": "기본 약만"},
        "korean": {"ja": "基本＋韓国式の役（ゴドリ・五光・トンヤク）", "ko": "기본 + 한국식 약(고도리·오광·똥약)"},
        "english": {"ja": "基本＋英語資料の役", "ko": "기본 + 영어권 규칙의 약"},
    },
    "yaku_multiplier": {
        "n-1": {"ja": "役 ×（人数 − 1）", "ko": "약 × (인원 − 1)"},
        "n": {"ja": "役 × 人数", "ko": "약 × 인원"},
    },
    "flip_matches_pair": {
        "stays": {"ja": "場に残す", "ko": "바닥에 남김"},
        "ppeok": {"ja": "ポク：3枚とも重ねて残す", "ko": "뻑: 세 장을 쌓아 둠"},
    },
    "dealer_draw": {
        "night": {"ja": "夜：早い月が親、同月は低い札", "ko": "밤: 이른 달이 선, 같은 달이면 낮은 패"},
        "day": {"ja": "昼：遅い月が親、同月は高い札", "ko": "낮: 늦은 달이 선, 같은 달이면 높은 패"},
    },
    "four_on_field": {
        "redeal": {"ja": "配り直し", "ko": "다시 돌리기"},
        "dealer-captures": {"ja": "親が4枚とも取る", "ko": "선이 넉 장을 가져감"},
    },
    "hana-awase/scoring": {
        "zero-sum": {"ja": "ゼロサム：札の点−基準点、役はほかの全員が払う",
                     "ko": "제로섬: 패 점수 − 기준점, 약은 다른 모두가 물어 줌"},
        "additive": {"ja": "加算式：札の点＋自分の役", "ko": "합산식: 패 점수 + 자기 약"},
    },
    "chaff_value": {
        1: {"ja": "1点", "ko": "1점"},
        0: {"ja": "0点（山全体で240点）", "ko": "0점(패 전체 합계 240)"},
    },
    "two_player_hand": {
        10: {"ja": "10枚（山をすべて使う）", "ko": "10장(패를 모두 씀)"},
        8: {"ja": "8枚（山に8枚残る）", "ko": "8장(더미에 8장 남음)"},
    },
    "kwa-do/scoring": {
        "floor": {"ja": "下限方式：均等な取り分を超えた点だけ", "ko": "기준선: 고른 몫을 넘은 점수만"},
        "raw": {"ja": "取った点そのまま", "ko": "먹은 점수 그대로"},
    },
    "koi-koi/viewing": {
        "on": {"ja": "オン：それだけで点になる", "ko": "켬: 그것만으로 점수"},
        "off": {"ja": "オフ：花見酒・月見酒なし", "ko": "끔: 꽃구경·달구경 술 없음"},
        "with-another": {"ja": "ほかの役と一緒のときだけ", "ko": "다른 약과 함께일 때만"},
        "koikoi-japan": {"ja": "こいこいジャパン：1点、自分のこいこい後は3点",
                         "ko": "고이고이 재팬: 1점, 자기 고이고이 뒤에는 3점"},
    },
    "koi-koi/koikoi_bonus": {
        "opponent-doubles": {"ja": "相手がこいこいしていたら2倍", "ko": "상대가 고이고이했으면 두 배"},
        "none": {"ja": "加点なし", "ko": "보너스 없음"},
        "plus-one": {"ja": "こいこいジャパン：自分のこいこい1回ごとに+1、4回目から2倍",
                     "ko": "고이고이 재팬: 자기 고이고이 한 번마다 +1, 네 번째부터 두 배"},
    },
    "koi-koi/exhaustion": {
        "nobody": {"ja": "誰も点にならない", "ko": "아무도 점수 없음"},
        "oya-ken": {"ja": "親の勝ち（親権）", "ko": "선의 승리(오야켄)"},
    },
}

_PRESET: dict[str, dict[str, tuple[str, str]]] = {
    # preset id (or "game/preset") → language → (name, description)
    "standard": {
        "ja": ("標準", "説明どおりのルール。すべてのオプションが既定値です。"),
        "ko": ("기본", "설명한 규칙 그대로, 모든 옵션이 기본값입니다."),
    },
    "min-hwatu/korean": {
        "ja": ("韓国式", "ゴドリ・五光などの韓国式の役と、ポク（その手番で作った対と同じ月をめくると3枚とも"
                       "重ねて残る）を使います。"),
        "ko": ("한국식", "고도리·오광 같은 한국식 약과 뻑(방금 맞춘 짝과 같은 달을 뒤집으면 세 장이 쌓여 남음)을 "
                      "씁니다."),
    },
    "min-hwatu/english": {
        "ja": ("英語資料のルール", "基本の6役に、英語のルール本にある役を加えます。"),
        "ko": ("영어권 규칙", "기본 약 여섯에 영어권 규칙 책에 나오는 약을 더합니다."),
    },
    "hana-awase/teyaku": {
        "ja": ("手役あり", "手役を使います。カス6枚か7枚の手札を見せると、ほかの全員から支払われます。"),
        "ko": ("손약 있음", "손약을 씁니다. 피 여섯이나 일곱 장의 손패를 보이면 다른 모두가 물어 줍니다."),
    },
    "hana-awase/strict": {
        "ja": ("厳しいハウスルール", "柳4枚でその回の役は無効、雨で花見・月見は無効、誰かが20点以下ならその回は"
                                 "流れます。"),
        "ko": ("엄격한 하우스 룰", "비 넉 장이면 그 판의 약은 무효, 비광이면 꽃구경·달구경 무효, 누군가 20점 "
                              "이하이면 그 판은 무효입니다."),
    },
    "kwa-do/sakura": {
        "ja": ("サクラの役", "サクラの組（札を出して宣言）、同じ月4枚、五光が点になります。"),
        "ko": ("사쿠라 약", "사쿠라 조합(패를 내며 선언), 같은 달 넉 장, 오광이 점수가 됩니다."),
    },
    "kwa-do/gaji": {
        "ja": ("万能のガジ", "雷が万能札。手札からでも山からでも使えます。"),
        "ko": ("만능 가지", "번개 패가 만능패입니다. 손에서 내도, 더미에서 나와도 됩니다."),
    },
    "hawaiifuda/combos": {
        "ja": ("ボーナス役", "3枚組の8つの役。持っている役1つごとに、ほかの全員が50ずつ払います。"),
        "ko": ("보너스 조합", "석 장짜리 조합 여덟 가지. 가진 조합 하나마다 상대 모두가 50씩 물어 줍니다."),
    },
    "mushi/three-yaku": {
        "ja": ("三役", "五光のない遊び方。"),
        "ko": ("세 가지 약", "오광이 없는 방식."),
    },
    "mushi/strict": {
        "ja": ("雷と対", "手札の札で場の雷を取れ、場の8枚が4対なら配り直しです。"),
        "ko": ("번개와 쌍", "손패로 바닥의 번개 패를 먹을 수 있고, 바닥 여덟 장이 네 쌍이면 다시 돌립니다."),
    },
    "koi-koi/koikoi-japan": {
        "ja": ("こいこいジャパン", "PCゲーム「こいこいジャパン」のルール：8回、持ち点30ずつ（なくなれば終了）、倍付けなし、"
                               "自分のこいこい1回ごとに+1、花見酒・月見酒は1点（こいこい後は3点）、誰も勝負"
                               "しなければ親が1点。"),
        "ko": ("고이고이 재팬", "PC 게임 '고이고이 재팬'의 규칙: 8판, 각자 30점(바닥나면 끝), 두 배 없음, 자기 "
                               "고이고이 한 번마다 +1, 꽃구경·달구경 술은 1점(고이고이 뒤 3점), 아무도 스톱하지 "
                               "않으면 선이 1점."),
    },
}

_VALUE_WORDS: dict[str, Texts] = {
    "on": {"ja": "オン", "ko": "켬"},
    "off": {"ja": "オフ", "ko": "끔"},
    "none": {"ja": "なし", "ko": "없음"},
}


def _check(lang: str) -> None:
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; languages are: {', '.join(LANGUAGES)}")


def _own(table: dict[str, Any], game: str, key: str) -> Any:
    """The entry of ``key`` for ``game``: the game's own words ("game/key") first."""
    found = table.get(f"{game}/{key}", table.get(key))
    if found is None:
        raise TranslationMissing(f"no words for {key!r} of {game!r}")
    return found


def game_summary(game: type[Game], lang: str) -> str:
    """The game's one-paragraph summary in ``lang``."""
    _check(lang)
    if lang == "en":
        return game.summary
    texts = _SUMMARY.get(game.id)
    if texts is None:
        raise TranslationMissing(f"no summary of {game.id!r}")
    return texts[lang]


def option_text(game: type[Game], spec: OptionSpec, lang: str) -> tuple[str, str]:
    """An option's (label, help) in ``lang`` (English: ``OptionSpec.label``/``help``)."""
    _check(lang)
    if lang == "en":
        return option_label(spec), spec.help
    label, help_ = _own(_OPTION, game.id, spec.name)[lang]
    return label, help_


def choice_text(game: type[Game], spec: OptionSpec, value: Any, lang: str) -> str:
    """A choice of an option in ``lang``: its label (``OptionSpec.choice_labels`` in English),
    on/off for a yes/no option."""
    _check(lang)
    if lang == "en":
        return value_text(spec, value)
    if isinstance(value, bool):
        return value_word("on" if value else "off", lang)
    labels = _own(_CHOICE, game.id, spec.name)
    if value not in labels:
        raise TranslationMissing(f"no words for choice {value!r} of {spec.name!r} in {game.id!r}")
    return labels[value][lang]  # type: ignore[no-any-return]


def preset_text(game: type[Game], preset: Preset, lang: str) -> tuple[str, str]:
    """A preset's (name, description) in ``lang``."""
    _check(lang)
    if lang == "en":
        return preset.name, preset.description
    name, description = _own(_PRESET, game.id, preset.id)[lang]
    return name, description


def value_word(word: str, lang: str) -> str:
    """"on", "off" or "none" in ``lang``."""
    _check(lang)
    return word if lang == "en" else _VALUE_WORDS[word][lang]


# -- "How to play" (the rules pages): the turn, the same in every game, then each game's order of
# play, wild card and scoring (``Game.how_to_play``: play_order_text, HOW_TO_PLAY_TURN,
# wild_card_text, scoring_text)

_TURN: dict[str, tuple[str, ...]] = {
    "ja": (
        "手番は2段階です。まず手札から1枚出し、場にある同じ月の札と合わせます（同じ月の4枚は同じ草花です）。"
        "合う札が1枚ならその2枚を取り、2枚ならどちらを取るか選び、3枚なら4枚とも取ります。合う札がなければ"
        "出した札は場に残ります。",
        "次に山の一番上の札をめくり、同じように合わせて、取れる札を取ります（合う札が2枚なら選びます）。"
        "取った札は表向きで自分の取り札になり、光・タネ・タン・カスの種類ごとに並びます。",
    ),
    "ko": (
        "한 차례는 두 단계입니다. 먼저 손패에서 한 장을 내어 바닥에 있는 같은 달의 패와 맞춥니다(같은 달의 넉 장은 "
        "같은 꽃입니다). 맞는 패가 한 장이면 두 장을 먹고, 두 장이면 어느 것을 먹을지 고르고, 세 장이면 넉 장을 "
        "모두 먹습니다. 맞는 패가 없으면 낸 패는 바닥에 남습니다.",
        "그다음 더미 맨 위의 패를 뒤집어 같은 방법으로 맞추고, 먹을 수 있는 패를 먹습니다(맞는 패가 두 장이면 "
        "고릅니다). 먹은 패는 앞면이 보이게 자기 앞에 놓이고, 광·열끗·띠·피로 나뉩니다.",
    ),
}

_HOW_TO_PLAY: dict[str, dict[str, tuple[str, str, str]]] = {
    # game → language → (order of play, wild card, scoring)
    "min-hwatu": {
        "ja": ("親が最初に打ち、すべての札を出し終えるまで反時計回りに進みます。",
               "万能札はありません。",
               "光は20点、タネは10点、タンは5点、カスは0点。各回の得点は札の点に、役（赤短3枚など）ごとに"
               "ほかの全員から支払われる点を加えたものです。"),
        "ko": ("선이 먼저 치고, 모든 패를 낼 때까지 시계 반대 방향으로 돕니다.",
               "만능패는 없습니다.",
               "광은 20점, 열끗은 10점, 띠는 5점, 피는 0점. 한 판의 점수는 패 점수에, 약(홍단 석 장 같은 조합)마다 "
               "다른 모든 사람이 물어 주는 점수를 더한 것입니다."),
    },
    "hana-awase": {
        "ja": ("親が最初に打ち、反時計回りに進みます。手札がなくなった人は、山がなくなるまで山の札をめくり続けます。",
               "万能札はありません。手役ありのときは、カスが6枚以上配られた手札を最初の手番の前に見せ、"
               "ほかの全員から支払いを受けられます。",
               "光は20点、タネは10点、タンは5点、カスは1点。既定では、各回の得点は札の点のうち基準点（山全体の点を"
               "人数で等分）を超えた分に、ほかの人が支払う自分の役の点を加えたものです。"),
        "ko": ("선이 먼저 치고 시계 반대 방향으로 돕니다. 손패가 떨어진 사람은 더미가 빌 때까지 더미의 패를 계속 "
               "뒤집습니다.",
               "만능패는 없습니다. 손약이 있으면 피를 여섯 장 이상 받은 손패를 첫 차례 전에 보이고 다른 모두에게서 "
               "점수를 받을 수 있습니다.",
               "광은 20점, 열끗은 10점, 띠는 5점, 피는 1점. 기본으로 한 판의 점수는 패 점수 중 기준점(패 전체 점수를 "
               "인원수로 나눈 몫)을 넘은 만큼에, 다른 사람들이 물어 주는 자기 약 점수를 더한 것입니다."),
    },
    "kwa-do": {
        "ja": ("親の左隣から始め、全員の手札がなくなるまで時計回りに進みます。チームの味方は取り札を共有します。"
               "光を取るたびに「クワドー！」と声をかけます。",
               "ガジありのとき、雷（ガジ）は手札から出すと万能札になり、場の好きな札を1枚取ります。役ありのときは、"
               "組の札を1枚場に出して組を宣言します。",
               "光は20点、タネは10点、タンは5点、カスは0点。各回、陣営は取った点のうち下限（240を陣営数で等分）を"
               "超えた分を得点します。先に目標点（既定は200）に達した陣営の勝ちです。"),
        "ko": ("선의 왼쪽 사람부터 시작해, 모든 손패가 떨어질 때까지 시계 방향으로 돕니다. 같은 편은 먹은 패를 함께 "
               "씁니다. 광을 먹을 때마다 \u201c과도!\u201d 하고 외칩니다.",
               "가지가 있으면 번개 패(가지)는 손에서 낼 때 만능패가 되어 바닥의 아무 패나 한 장 먹습니다. 약이 있으면 "
               "조합의 패 한 장을 바닥에 내며 조합을 선언합니다.",
               "광은 20점, 열끗은 10점, 띠는 5점, 피는 0점. 판마다 각 편은 먹은 점수 중 기준선(240을 편 수로 나눈 몫)을 "
               "넘은 만큼을 얻습니다. 먼저 목표 점수(기본 200)에 이른 편이 이깁니다."),
    },
    "hawaiifuda": {
        "ja": ("親が最初に打ち、全員の手札がなくなるまで時計回りに進みます。",
               "パホエホエ（雷）は手札から出しても山からめくれても万能札です。場の好きな札を1枚取り、回の終わりには"
               "場に残ったその月の札も取ります。",
               "光は20点（雨は5点）、タンは10点、タネは5点、ライトのカスは10点。それ以外のカス（パホエホエを除く）は"
               "ゴミで0点、捨て札の山に行きます。各回の得点は札の点です。ボーナス役ありのときは、相手が持つ役1つごとに"
               "50点を支払います。"),
        "ko": ("선이 먼저 치고, 모든 손패가 떨어질 때까지 시계 방향으로 돕니다.",
               "파호에호에(번개 패)는 손에서 내도 더미에서 뒤집혀도 만능패입니다. 바닥의 아무 패나 한 장 먹고, 판이 "
               "끝날 때 바닥에 남은 그 달의 패도 가져갑니다.",
               "광은 20점(비광은 5점), 띠는 10점, 열끗은 5점, 라이트 피는 10점. 그 밖의 피(파호에호에 제외)는 쓰레기로 "
               "0점이며 버린 패 더미로 갑니다. 한 판의 점수는 패 점수입니다. 보너스 조합이 있으면 상대가 가진 조합 "
               "하나마다 50점을 물어 줍니다."),
    },
    "mushi": {
        "ja": ("40枚の札（牡丹と萩を除く）で2人で遊びます。親が最初に打ち、交互に打ちます。",
               "雷は万能札です。柳以外の場の好きな札を1枚取り、山の最後の札としてめくれると場の札をすべて取ります。",
               "光は20点、タネは10点、タンは5点、カスは1点（合計230）。各回の得点は札の点のうち115を超えた分に自分の役を"
               "加え、相手の役を引いたものです。"),
        "ko": ("모란과 싸리를 뺀 40장으로 두 사람이 합니다. 선이 먼저 치고, 번갈아 칩니다.",
               "번개 패는 만능패입니다. 비가 아닌 바닥 패를 아무거나 한 장 먹고, 더미의 마지막 패로 뒤집히면 바닥의 "
               "패를 모두 먹습니다.",
               "광은 20점, 열끗은 10점, 띠는 5점, 피는 1점(합계 230). 한 판의 점수는 패 점수 중 115를 넘은 만큼에 "
               "자기 약을 더하고 상대의 약을 뺀 것입니다."),
    },
}

_HOW_TO_PLAY["koi-koi"] = {
    "ja": ("2人で、手札8枚ずつ、場に8枚。親が最初に打ち、交互に打ちます。",
           "万能札はありません。手番で役ができたり伸びたりしたら、「こいこい」（続けてもっと狙う）か「勝負」"
           "（その回を終えて点にする）を選びます。こいこいした後に相手が先に勝負すると、点はもらえません。",
           "札に点はなく、役だけが点になります：五光10、四光8、雨四光7、三光5、猪鹿蝶・赤短・青短各5、タネ5枚・"
           "タン5枚・カス10枚で1点、1枚増えるごとに+1。勝負した人の点（7点以上は2倍、相手がこいこいしていれば"
           "2倍）を相手が払います。"),
    "ko": ("두 사람이 손패 여덟 장씩, 바닥에 여덟 장. 선이 먼저 치고 번갈아 칩니다.",
           "만능패는 없습니다. 차례에서 약이 생기거나 커지면 '고이고이'(계속해서 더 노림)나 '스톱'(그 판을 "
           "끝내고 점수를 냄)을 고릅니다. 고이고이한 뒤 상대가 먼저 스톱하면 점수를 받지 못합니다.",
           "패에는 점수가 없고 약만 점수가 됩니다: 오광 10, 사광 8, 비 사광 7, 삼광 5, 멧돼지·사슴·나비·홍단·청단 "
           "각 5, 열끗 다섯·띠 다섯·피 열 장이면 1점, 한 장 늘 때마다 +1. 스톱한 사람의 점수(7점 이상은 두 배, "
           "상대가 고이고이했으면 두 배)를 상대가 물어 줍니다."),
}

_ROUNDS_DEFAULT: dict[str, str] = {"ja": "目標点がなければ{n}回", "ko": "목표 점수가 없으면 {n}판"}
_NO_ROUND_LIMIT: dict[str, str] = {"ja": "回数の制限なし", "ko": "판 수 제한 없음"}
_NO_TARGET: dict[str, str] = {"ja": "目標点なし", "ko": "목표 없음"}
_EVERYONE_ALONE: dict[str, str] = {"ja": "全員が個人戦", "ko": "모두 개인전"}
_WHOLE_NUMBER: dict[str, str] = {"en": "a whole number of at least {n}", "ja": "{n}以上の整数",
                                 "ko": "{n} 이상의 정수"}
_OR_EMPTY: dict[str, str] = {"en": "{what}, or empty ({none})", "ja": "{what}、または空欄（{none}）",
                             "ko": "{what} 또는 빈칸({none})"}
_TEAMS_ALLOWED: dict[str, str] = {"en": "everyone plays alone, or teams of seats",
                                  "ja": "全員が個人戦、または席によるチーム", "ko": "모두 개인전, 또는 자리로 짠 편"}


def how_to_play(game: type[Game], lang: str) -> list[str]:
    """The "How to play" paragraphs in ``lang`` (English: ``Game.how_to_play``)."""
    _check(lang)
    if lang == "en":
        return game.how_to_play()
    texts = _HOW_TO_PLAY.get(game.id)
    if texts is None:
        raise TranslationMissing(f"no 'how to play' of {game.id!r}")
    order, wild, scoring = texts[lang]
    return [order, *_TURN[lang], wild, scoring]


def _null_text(spec: OptionSpec, lang: str) -> str:
    if spec.name == "rounds":
        return _NO_ROUND_LIMIT[lang]
    if spec.name == "target":
        return _NO_TARGET[lang]
    if spec.kind == "teams":
        return _EVERYONE_ALONE[lang]
    return value_word("none", lang)


def default_words(game: type[Game], spec: OptionSpec, lang: str) -> str:
    """An option's default in words in ``lang`` ("12 when no target is set", "on", a choice's
    label), never ``null``/``true``."""
    _check(lang)
    if lang == "en":  # "null (no round limit)" says "no round limit"
        shown = spec.default_text
        return shown if shown and "null" not in shown else value_text(spec, spec.default)
    if spec.name == "rounds" and spec.default is None and game.default_rounds is not None:
        return _ROUNDS_DEFAULT[lang].format(n=game.default_rounds)
    if spec.default is None:
        return _null_text(spec, lang)
    if spec.kind == "choice":
        return choice_text(game, spec, spec.default, lang)
    return str(spec.default)


def value_words(game: type[Game], spec: OptionSpec, value: Any, lang: str) -> str:
    """An option's value in force in words in ``lang`` (``words.options.value_text`` in English)."""
    _check(lang)
    if lang == "en":
        return value_text(spec, value)
    if value is None:
        return _null_text(spec, lang)
    if spec.kind == "choice":
        return choice_text(game, spec, value, lang)
    if spec.kind == "teams" and isinstance(value, (list, tuple)):
        seat = _SEAT_WORD[lang]
        return " / ".join("・".join(seat.format(n=s + 1) for s in side) for side in value)
    return str(value)


_SEAT_WORD: dict[str, str] = {"ja": "{n}番席", "ko": "{n}번 자리"}


def allowed_words(game: type[Game], spec: OptionSpec, lang: str) -> str:
    """What an option accepts, in words in ``lang`` (the choices' labels, "a whole number of at
    least 1, or empty (no target)")."""
    _check(lang)
    if spec.kind == "choice":
        return " / ".join(choice_text(game, spec, c, lang) for c in spec.choices)
    if spec.kind == "teams":
        return _TEAMS_ALLOWED[lang]
    number = _WHOLE_NUMBER[lang].format(n=spec.minimum)
    if spec.kind == "int-or-null":
        none = value_text(spec, None) if lang == "en" else _null_text(spec, lang)
        return _OR_EMPTY[lang].format(what=number, none=none)
    return number


# -- yaku names (the rules pages and the table's help): "game/yaku id" → language → name. The
# names keep each game's tradition: Min-Hwatu's Korean names (with their Japanese reading and
# meaning in Japanese), Hana-Awase's and Mushi's Japanese names, Hawaiʻifuda's Hawaiian card names
# (only their English words translated).

_YAKU: dict[str, Texts] = {
    "min-hwatu/poetry-ribbons": {"ja": "ホンダン 홍단（赤短）", "ko": "홍단"},
    "min-hwatu/blue-ribbons": {"ja": "チョンダン 청단（青短）", "ko": "청단"},
    "min-hwatu/grass-ribbons": {"ja": "チョダン 초단（草短）", "ko": "초단"},
    "min-hwatu/four-iris": {"ja": "チョヤク 초약（菖蒲4枚）", "ko": "초약(난초 넉 장)"},
    "min-hwatu/four-maple": {"ja": "プンヤク 풍약（紅葉4枚）", "ko": "풍약(단풍 넉 장)"},
    "min-hwatu/four-willow": {"ja": "ピヤク 비약（柳4枚）", "ko": "비약(비 넉 장)"},
    "min-hwatu/five-birds": {"ja": "ゴドリ 고도리（5羽の鳥）", "ko": "고도리"},
    "min-hwatu/five-brights": {"ja": "オグァン 오광（五光）", "ko": "오광"},
    "min-hwatu/four-paulownia": {"ja": "トンヤク 똥약（桐4枚）", "ko": "똥약(오동 넉 장)"},
    "min-hwatu/spring": {"ja": "春", "ko": "봄"},
    "min-hwatu/grand-views": {"ja": "大見物", "ko": "큰 구경"},
    "min-hwatu/drinking": {"ja": "見物", "ko": "구경"},
    "min-hwatu/boar-deer-butterflies": {"ja": "猪鹿蝶", "ko": "멧돼지·사슴·나비"},
    "hana-awase/five-brights": {"ja": "五光", "ko": "오광(고코)"},
    "hana-awase/four-brights": {"ja": "四光", "ko": "사광(시코)"},
    "hana-awase/spring": {"ja": "表菅原", "ko": "오모테스가와라"},
    "hana-awase/matsu-kiri-bozu": {"ja": "松桐坊主", "ko": "마쓰키리보즈(솔·오동·공산)"},
    "hana-awase/seven-ribbons": {"ja": "七短", "ko": "띠 일곱 장"},
    "hana-awase/six-ribbons": {"ja": "六短", "ko": "띠 여섯 장"},
    "hana-awase/poetry-ribbons": {"ja": "赤短", "ko": "홍단(아카탄)"},
    "hana-awase/blue-ribbons": {"ja": "青短", "ko": "청단(아오탄)"},
    "hana-awase/grass-ribbons": {"ja": "草短", "ko": "초단(구사탄)"},
    "hana-awase/boar-deer-butterflies": {"ja": "猪鹿蝶", "ko": "멧돼지·사슴·나비(이노시카초)"},
    "hana-awase/drinking": {"ja": "呑み", "ko": "술(노미)"},
    "hana-awase/flower-viewing": {"ja": "花見", "ko": "꽃구경(하나미)"},
    "hana-awase/moon-viewing": {"ja": "月見", "ko": "달구경(쓰키미)"},
    "hana-awase/four-willow": {"ja": "柳の4枚", "ko": "비 넉 장"},
    "hana-awase/four-wisteria": {"ja": "藤の4枚", "ko": "흑싸리 넉 장"},
    "hana-awase/four-paulownia": {"ja": "桐の4枚", "ko": "오동 넉 장"},
    "kwa-do/four-iris": {"ja": "菖蒲の4枚", "ko": "난초 넉 장"},
    "kwa-do/four-maple": {"ja": "紅葉の4枚", "ko": "단풍 넉 장"},
    "kwa-do/four-willow": {"ja": "柳の4枚", "ko": "비 넉 장"},
    "kwa-do/phoenix-bonus": {"ja": "ドラゴンボーナス（鳳凰）", "ko": "드래곤 보너스(봉황)"},
    "kwa-do/spring": {"ja": "春", "ko": "봄"},
    "kwa-do/drinking": {"ja": "呑み", "ko": "술"},
    "kwa-do/butterflies-sake-deer": {"ja": "蝶・盃・鹿", "ko": "나비·술잔·사슴"},
    "kwa-do/boar-geese-deer": {"ja": "猪・雁・鹿", "ko": "멧돼지·기러기·사슴"},
    "kwa-do/cuckoo-bridge-boar": {"ja": "不如帰・八橋・猪", "ko": "두견새·다리·멧돼지"},
    "kwa-do/grass-ribbons": {"ja": "草の短冊", "ko": "초단"},
    "kwa-do/blue-ribbons": {"ja": "青短", "ko": "청단"},
    "kwa-do/poetry-ribbons": {"ja": "赤短", "ko": "홍단"},
    "kwa-do/five-brights": {"ja": "五光", "ko": "오광"},
    "hawaiifuda/drinking": {"ja": "旗・Waʻa と Mahina・薬", "ko": "깃발·Waʻa와 Mahina·약초"},
    "hawaiifuda/spring": {"ja": "Nēnē・ʻIʻiwi・旗", "ko": "Nēnē·ʻIʻiwi·깃발"},
    "hawaiifuda/poetry-ribbons": {"ja": "太陽・雨・レイ", "ko": "해·비·레이"},
    "hawaiifuda/blue-ribbons": {"ja": "虹・Kapa・ʻUlu", "ko": "무지개·Kapa·ʻUlu"},
    "hawaiifuda/butterflies-sake-deer": {"ja": "Pulelehua・薬・Moʻo", "ko": "Pulelehua·약초·Moʻo"},
    "hawaiifuda/grass-ribbons": {"ja": "網・Pōhaku Kuʻi ʻAi・滝", "ko": "그물·Pōhaku Kuʻi ʻAi·폭포"},
    "hawaiifuda/cuckoo-bridge-boar": {"ja": "ʻUaʻu Kani・Kalo Loʻi・ʻĪlio holo i ka uaua",
                                      "ko": "ʻUaʻu Kani·Kalo Loʻi·ʻĪlio holo i ka uaua"},
    "hawaiifuda/boar-geese-deer": {"ja": "ʻĪlio holo i ka uaua・ʻŌpeʻapeʻa・Moʻo",
                                   "ko": "ʻĪlio holo i ka uaua·ʻŌpeʻapeʻa·Moʻo"},
    "mushi/five-brights": {"ja": "五光", "ko": "오광(고코)"},
    "mushi/spring": {"ja": "三光", "ko": "삼광(산코)"},
    "mushi/four-wisteria": {"ja": "藤シマ", "ko": "흑싸리 넉 장(후지시마)"},
    "mushi/four-paulownia": {"ja": "桐シマ", "ko": "오동 넉 장(기리시마)"},
    "koi-koi/five-brights": {"ja": "五光", "ko": "오광(고코)"},
    "koi-koi/four-brights": {"ja": "四光", "ko": "사광(시코)"},
    "koi-koi/rainy-four-brights": {"ja": "雨四光", "ko": "비 사광(아메시코)"},
    "koi-koi/three-brights": {"ja": "三光", "ko": "삼광(산코)"},
    "koi-koi/boar-deer-butterflies": {"ja": "猪鹿蝶", "ko": "멧돼지·사슴·나비(이노시카초)"},
    "koi-koi/red-and-blue-ribbons": {"ja": "赤短・青短の重複", "ko": "홍단·청단(아카탄·아오탄)"},
    "koi-koi/poetry-ribbons": {"ja": "赤短", "ko": "홍단(아카탄)"},
    "koi-koi/blue-ribbons": {"ja": "青短", "ko": "청단(아오탄)"},
    "koi-koi/flower-viewing": {"ja": "花見で一杯", "ko": "꽃구경 술(하나미자케)"},
    "koi-koi/moon-viewing": {"ja": "月見で一杯", "ko": "달구경 술(쓰키미자케)"},
    "koi-koi/tane": {"ja": "タネ", "ko": "열끗(타네)"},
    "koi-koi/tanzaku": {"ja": "タン", "ko": "띠(단자쿠)"},
    "koi-koi/kasu": {"ja": "カス", "ko": "피(카스)"},
}


def yaku_name(game: type[Game], yaku_id: str, english: str, lang: str) -> str:
    """A yaku's name in ``lang`` (``english``, the name the rules give it, in English)."""
    _check(lang)
    if lang == "en":
        return english
    texts = _YAKU.get(f"{game.id}/{yaku_id}")
    if texts is None:
        raise TranslationMissing(f"no name of yaku {yaku_id!r} in {game.id!r}")
    return texts[lang]


# -- the table page's labels (web/messages.py): seat and side names, the turn line, yaku names,
# pile headings. The sentences (moves, the log, result lines) stay English for now.

_TABLE_WORDS: dict[str, Texts] = {
    "you": {"ja": "あなた", "ko": "나"},
    "seat_of": {"ja": "{name}（{n}番席）", "ko": "{name}({n}번 자리)"},
    "seat": {"ja": "{n}番席", "ko": "{n}번 자리"},
    "your_team": {"ja": "あなたのチーム（{seats}番席）", "ko": "우리 편({seats}번 자리)"},
    "team": {"ja": "チーム{letter}（{seats}番席）", "ko": "{letter}편({seats}번 자리)"},
    "match_over": {"ja": "対局終了", "ko": "대국 끝"},
    "round_over": {"ja": "この回の終わり", "ko": "판 끝"},
    "teyaku": {"ja": "あなたの番：手役を見せるか伏せるか選んでください", "ko": "내 차례: 손약을 보일지 숨길지 고르세요"},
    "choose": {"ja": "あなたの番：{card}で取る札を選んでください", "ko": "내 차례: {card}(으)로 먹을 패를 고르세요"},
    "play": {"ja": "あなたの番：札を1枚出してください", "ko": "내 차례: 패를 한 장 내세요"},
    "to_move": {"ja": "{who}の番", "ko": "{who} 차례"},
    "headline": {"ja": "{name}：{count}枚、札の点{points}", "ko": "{name}: {count}장, 패 점수 {points}"},
    "bright": {"ja": "光", "ko": "광"},
    "animal": {"ja": "タネ", "ko": "열끗"},
    "ribbon": {"ja": "タン", "ko": "띠"},
    "chaff": {"ja": "カス", "ko": "피"},
}
_BOT_NAMES: dict[str, Texts] = {
    "random": {"ja": "ランダム", "ko": "랜덤"}, "greedy": {"ja": "貪欲", "ko": "욕심"},
    "strong": {"ja": "強い", "ko": "강한"}, "policy": {"ja": "方策", "ko": "정책"},
    "expert": {"ja": "エキスパート", "ko": "전문가"},
}


def _word(key: str, lang: str, **values: Any) -> str:
    return _TABLE_WORDS[key][lang].format(**values)


def seat_words(seat: int, viewer: int | None, players: Sequence[str | None], lang: str,
               bots: frozenset[int] = frozenset()) -> str:
    """A seat as the table page names it in ``lang``: "あなた", "貪欲（2番席）", "3번 자리" (a bot
    seat of ``bots`` by its level's word, a person by their name)."""
    if seat == viewer:
        return _word("you", lang)
    given = (players[seat] if seat < len(players) else None) or ""
    given = given.strip()
    if not given:
        return _word("seat", lang, n=seat + 1)
    name = _BOT_NAMES.get(given.lower(), {}).get(lang, given) if seat in bots else given
    return _word("seat_of", lang, name=name, n=seat + 1)


def side_words(config: Config, side: int, viewer: int | None, players: Sequence[str | None], lang: str,
               bots: frozenset[int] = frozenset()) -> str:
    """A side in ``lang``: its seat's name when it plays alone, else its team."""
    seats = config.sides[side]
    if len(seats) == 1:
        return seat_words(seats[0], viewer, players, lang, bots)
    numbers = "・".join(str(s + 1) for s in seats) if lang == "ja" else "·".join(str(s + 1) for s in seats)
    if viewer in seats:
        return _word("your_team", lang, seats=numbers)
    return _word("team", lang, letter="ABCDEF"[side], seats=numbers)


def table_words(words: dict[str, Any], view: Any, config: Config, players: Sequence[str | None],
                pending_name: str | None, lang: str, bots: frozenset[int] = frozenset()) -> dict[str, Any]:
    """The table page's words (``words.table.view_words`` and the result) with their labels in
    ``lang``: seat, team and side names, the turn line, yaku names, pile headings and headlines."""
    _check(lang)
    if lang == "en":
        return words
    game, viewer = config.game, view.seat
    for seat in words["seats"]:
        seat["name"] = seat_words(seat["seat"], viewer, players, lang, bots)
        if seat["team"]:
            seat["team"] = side_words(config, seat["side"], viewer, players, lang, bots)
    for side in words["sides"]:
        side["name"] = side["pile"]["name"] = side_words(config, side["side"], viewer, players, lang, bots)
        side["headline"] = _word("headline", lang, name=side["name"], count=side["pile"]["count"],
                                 points=side["pile"]["points"])
        for group in side["pile"]["groups"]:
            if group["kind"] in _TABLE_WORDS:
                group["title"] = _word(group["kind"], lang)
    for p in words["progress"]:
        p["name"] = yaku_name(game, p["id"], p["name"], lang)
    for r in words.get("result", []):
        r["name"] = side_words(config, r["side"], viewer, players, lang, bots)
        for y in r["yaku"]:
            y["name"] = yaku_name(game, y["id"], y["name"], lang)
        for group in r["pile"]["groups"]:
            if group["kind"] in _TABLE_WORDS:
                group["title"] = _word(group["kind"], lang)
    words["turn"] = _turn(view, viewer, players, pending_name, lang, bots)
    return words


def _turn(view: Any, viewer: int | None, players: Sequence[str | None], pending_name: str | None, lang: str,
          bots: frozenset[int]) -> str:
    if view.finished:
        return _word("match_over", lang)
    if view.to_move is None:
        return _word("round_over", lang)
    if view.to_move == viewer:
        if view.phase == "teyaku":
            return _word("teyaku", lang)
        if view.phase == "take" and view.pending is not None and pending_name:
            return _word("choose", lang, card=pending_name)
        return _word("play", lang)
    return _word("to_move", lang, who=seat_words(view.to_move, viewer, players, lang, bots))
