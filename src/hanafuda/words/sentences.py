# ruff: noqa: E501  (Japanese and Korean sentences: broken where a reader would break them, not at 110 characters)
"""The game's sentences in Japanese and Korean (issue 15): the log, the move choices, a round's
result and the match's, the replay's step line and the hints.

The sentence builders of this package (``events``, ``moves``, ``scores``, ``summary``) write
English from structured data (an entry's kind and steps, a move's outcome, a score's terms); when
their ``Namer`` speaks another language (``Namer.lang``) they fill the template of the same kind
here instead.  Only the sentence is translated: card names follow the theme, seats and sides are
named by ``Namer.seat``/``Namer.side`` in the language, yaku by ``languages.yaku_name``.

Korean templates avoid particles that depend on the last sound of a name the theme chooses
(a card may be called "Pine Crane" or "송학 광"): they write the choice "을(를)", "(으)로" as the
table's labels do.  ``tests/words/test_sentences.py`` checks every template in both languages.
"""

from __future__ import annotations

from typing import Any

__all__ = ["NOTES", "SENTENCES", "TERMS", "note_text", "say"]

Texts = dict[str, str]  # language → template

SENTENCES: dict[str, Texts] = {
    # -- the log (events.py): an entry is "who: step step …"
    "entry": {"ja": "{who}：{steps}", "ko": "{who}: {steps}"},
    "step_joiner": {"ja": "", "ko": " "},
    "play_took": {"ja": "{card}を出して{took}を取りました。", "ko": "{card}을(를) 내어 {took}을(를) 먹었습니다."},
    "play_on": {"ja": "{card}を出して{took}に合わせました。", "ko": "{card}을(를) 내어 {took}에 맞췄습니다."},
    "play_none": {"ja": "{card}を出しました（取り札なし）。", "ko": "{card}을(를) 냈습니다(먹은 패 없음)."},
    "play_declare": {"ja": "{card}を出して{yaku}を宣言しました（取り札なし）。",
                     "ko": "{card}을(를) 내며 {yaku}을(를) 선언했습니다(먹은 패 없음)."},
    "flip_choose": {"ja": "{card}をめくりました。取る札を選んでください。",
                    "ko": "{card}을(를) 뒤집었습니다. 먹을 패를 고르세요."},
    "flip_choosing": {"ja": "{card}をめくりました。取る札を選んでいます。",
                      "ko": "{card}을(를) 뒤집었습니다. 먹을 패를 고르는 중입니다."},
    "flip_none": {"ja": "{card}をめくりました（取り札なし）。", "ko": "{card}을(를) 뒤집었습니다(먹은 패 없음)."},
    "flip_last": {"ja": "山の最後の札として{card}をめくり、場の札をすべて取りました：{took}。",
                  "ko": "더미의 마지막 패로 {card}을(를) 뒤집어 바닥의 패를 모두 먹었습니다: {took}."},
    "flip_field": {"ja": "{card}をめくり、場から{field}を取りました。",
                   "ko": "{card}을(를) 뒤집어 바닥에서 {field}을(를) 먹었습니다."},
    "flip_took": {"ja": "{card}をめくり、{took}を取りました。", "ko": "{card}을(를) 뒤집어 {took}을(를) 먹었습니다."},
    "flip_ppeok": {"ja": "同じ月の{card}をめくりました。ポク：3枚とも場に重ねて残ります。",
                   "ko": "같은 달의 {card}을(를) 뒤집었습니다. 뻑: 세 장 모두 바닥에 쌓여 남습니다."},
    "step_other": {"ja": "{kind} {card} {took}", "ko": "{kind} {card} {took}"},
    "teyaku_expose": {"ja": "{who}：手役を見せました。カス{count}枚（{cards}）{paid}。",
                      "ko": "{who}: 손약을 보였습니다. 피 {count}장({cards}){paid}."},
    "teyaku_paid": {"ja": "、ほかの全員が{value}ずつ支払います", "ko": ", 다른 모두가 {value}씩 물어 줍니다"},
    "teyaku_keep": {"ja": "{who}：手役を伏せました。", "ko": "{who}: 손약을 숨겼습니다."},
    "dealer_captures": {"ja": "{who}（親）：場に配られた{month}の4枚を取りました：{cards}。",
                        "ko": "{who}(선): 바닥에 깔린 {month} 넉 장을 가져갔습니다: {cards}."},
    "collect": {"ja": "回の終わり：場に残った札は{who}が取ります{why}：{cards}。",
                "ko": "판 끝: 바닥에 남은 패는 {who} 몫입니다{why}: {cards}."},
    "collect_month": {"ja": "（{card}が取った月）", "ko": "({card}이(가) 먹은 달)"},
    "entry_other": {"ja": "{who}：{step}。", "ko": "{who}: {step}."},
    "deal": {"ja": "第{n}回の配札", "ko": "{n}판 패 돌림"},
    # -- move choices (moves.py): ``text`` the whole move, ``choice`` what sets it apart
    "keep_text": {"ja": "手役を伏せる（誰も払わず、誰にも知られません）", "ko": "손약 숨기기(아무도 물지 않고, 아무도 모릅니다)"},
    "keep_choice": {"ja": "伏せる", "ko": "숨기기"},
    "koikoi_text": {"ja": "こいこい：続けてもっと役を狙う（相手が先に勝負すると点はもらえません）",
                    "ko": "고이고이: 계속해서 약을 더 노림(상대가 먼저 스톱하면 점수를 받지 못합니다)"},
    "koikoi_choice": {"ja": "こいこい", "ko": "고이고이"},
    "stop_text": {"ja": "勝負：この回を終えて役を点にする", "ko": "스톱: 이 판을 끝내고 약을 점수로 냄"},
    "stop_choice": {"ja": "勝負", "ko": "스톱"},
    "koikoi_called": {"ja": "{who}：こいこい！", "ko": "{who}: 고이고이!"},
    "stop_called": {"ja": "{who}：勝負。", "ko": "{who}: 스톱."},
    "stop_at_deal": {"ja": "{who}：配り札の手役（手四・くっつき）で勝ち。", "ko": "{who}: 받은 패의 손약(데시·굿쓰키)으로 승리."},
    "take_text": {"ja": "{card}で{target}を取る", "ko": "{card}(으)로 {target} 먹기"},
    "take_choice": {"ja": "{target}を取る", "ko": "{target} 먹기"},
    "declare_text": {"ja": "{card}を場に出して{yaku}を宣言{given_up}", "ko": "{card}을(를) 내며 {yaku} 선언{given_up}"},
    "declare_gives_up": {"ja": "（{cards}は取りません）", "ko": "({cards}은(는) 먹지 않음)"},
    "declare_gives_up_choice": {"ja": "（取るのをやめる）", "ko": "(먹기를 포기함)"},
    "declare_choice": {"ja": "{yaku}を宣言", "ko": "{yaku} 선언"},
    "declare_no_capture": {"ja": "（取り札なし）", "ko": "(먹는 패 없음)"},
    "place_text": {"ja": "{card}を場に出す（取り札なし）", "ko": "{card} 내기(먹는 패 없음)"},
    "place_choice": {"ja": "取らない：場に残す", "ko": "먹지 않음: 바닥에 남김"},
    "capture_text": {"ja": "{card}で{targets}を取る", "ko": "{card}(으)로 {targets} 먹기"},
    "capture_choice": {"ja": "{targets}を取る", "ko": "{targets} 먹기"},
    "on_the_field": {"ja": "（場にある札）", "ko": "(바닥에 있는 패)"},
    "expose_text": {"ja": "カス{count}枚を手役として見せる：ほかの全員が{value}ずつ払います（合計+{total}）。札は表向きになり、ほかの人も取れます",
                    "ko": "피 {count}장을 손약으로 보이기: 다른 모두가 {value}씩 물어 줍니다(합계 +{total}). 패는 앞면으로 놓이고 다른 사람도 먹을 수 있습니다"},
    "expose_choice": {"ja": "見せる（各人から+{value}）", "ko": "보이기(한 사람당 +{value})"},
    # -- hints (moves.hint_lines)
    "hint_best": {"ja": "最善：{text}（約{value}点）", "ko": "최선: {text}(약 {value}점)"},
    "hint_next": {"ja": "次善：{text}（約{value}点）", "ko": "차선: {text}(약 {value}점)"},
    # -- a round's result and the match's (scores.py, summary.py)
    "term_floor": {"ja": "下限：{total} ÷ {sides}陣営", "ko": "기준선: {total} ÷ {sides}편"},
    "term_own_yaku_times": {"ja": "自分の役 {points} × {times}", "ko": "자기 약 {points} × {times}"},
    "term_own_teyaku_times": {"ja": "自分の手役 {points} × {times}", "ko": "자기 손약 {points} × {times}"},
    "term_opponents_combos": {"ja": "相手のボーナス役 {count} × {each}", "ko": "상대의 보너스 조합 {count} × {each}"},
    "score_clamped": {"ja": " = {running}、0と数えます（0未満にはなりません）", "ko": " = {running}, 0으로 칩니다(0 아래로 내려가지 않음)"},
    "totals_joiner": {"ja": "、", "ko": ", "},
    "winners_joiner": {"ja": "と", "ko": ", "},
    "match_won": {"ja": "{rounds}回で対局終了：{who}の勝ち（{best}点）。", "ko": "{rounds}판으로 대국 끝: {who} 승리({best}점)."},
    "match_shared": {"ja": "{rounds}回で対局終了：{who}が同点で勝ち（{best}点）。", "ko": "{rounds}판으로 대국 끝: {who} 공동 승리({best}점)."},
}

TERMS: dict[str, Texts] = {
    # a score term's label (``rules.*.score_round``) that is a fixed English phrase
    "card points": {"ja": "札の点", "ko": "패 점수"},
    "par": {"ja": "基準点", "ko": "기준점"},
    "own yaku": {"ja": "自分の役", "ko": "자기 약"},
    "others' yaku": {"ja": "ほかの人の役", "ko": "다른 사람의 약"},
    "opponent's yaku": {"ja": "相手の役", "ko": "상대의 약"},
    "others' teyaku": {"ja": "ほかの人の手役", "ko": "다른 사람의 손약"},
    "5-player dealer bonus": {"ja": "5人戦の親ボーナス", "ko": "5인 선 보너스"},
    "fuke: round void": {"ja": "フケ：この回は流れ", "ko": "후케: 무효 판"},
    "a negative score counts as 0": {"ja": "負の点は0と数えます", "ko": "음수 점수는 0으로 칩니다"},
    # Koi-Koi (rules/koi_koi.py)
    "7 or more: doubled": {"ja": "7点以上で2倍", "ko": "7점 이상이라 두 배"},
    "the opponent called koi-koi: doubled": {"ja": "相手のこいこいで2倍", "ko": "상대의 고이고이로 두 배"},
    "own koi-koi calls": {"ja": "自分のこいこい", "ko": "자기 고이고이"},
    "four or more koi-koi calls: doubled": {"ja": "こいこい4回以上で2倍", "ko": "고이고이 네 번 이상이라 두 배"},
    "paid to the winner": {"ja": "勝った人に支払い", "ko": "이긴 사람에게 지불"},
    "teshi (four of a month dealt)": {"ja": "手四（同じ月4枚の配り札）", "ko": "데시(같은 달 넉 장을 받음)"},
    "kuttsuki (four pairs dealt)": {"ja": "くっつき（4組の対の配り札）", "ko": "굿쓰키(네 쌍을 받음)"},
    "oya-ken: the dealer takes a round no one stopped": {"ja": "親権：誰も勝負しなかった回は親の勝ち",
                                                         "ko": "오야켄: 아무도 스톱하지 않은 판은 선의 승리"},
}

NOTES: dict[str, Texts] = {
    # a round's note (``RoundScore.note``)
    "fuke: a player has 20 card points or fewer, the round is void": {
        "ja": "フケ：札の点が20点以下の人がいるので、この回は流れです",
        "ko": "후케: 패 점수가 20점 이하인 사람이 있어 이 판은 무효입니다"},
    "teshi: the round is won at the deal": {"ja": "手四：配った時点でこの回の勝ち",
                                            "ko": "데시: 패를 받은 자리에서 이 판의 승리"},
    "kuttsuki: the round is won at the deal": {"ja": "くっつき：配った時点でこの回の勝ち",
                                               "ko": "굿쓰키: 패를 받은 자리에서 이 판의 승리"},
    "no one stopped: the dealer scores (oya-ken)": {"ja": "誰も勝負しませんでした：親の勝ち（親権）",
                                                    "ko": "아무도 스톱하지 않았습니다: 선의 승리(오야켄)"},
    "no one stopped: no one scores": {"ja": "誰も勝負しませんでした：誰も点になりません",
                                      "ko": "아무도 스톱하지 않았습니다: 아무도 점수가 없습니다"},
}


def say(key: str, lang: str, **values: Any) -> str:
    """The sentence ``key`` in ``lang`` (ja or ko) with its ``values`` filled in."""
    texts = SENTENCES.get(key)
    if texts is None:
        raise KeyError(f"no sentence {key!r}")
    if lang not in texts:
        raise ValueError(f"no sentence {key!r} in {lang!r}; languages: {', '.join(texts)}")
    return texts[lang].format(**values)


def note_text(note: str, lang: str) -> str:
    """A round's note (``RoundScore.note``, English) in ``lang``."""
    if lang == "en" or not note:
        return note
    texts = NOTES.get(note)
    if texts is None:
        raise KeyError(f"no words for the note {note!r}")
    return texts[lang]
