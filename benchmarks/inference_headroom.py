"""How much would knowing the other hands be worth to the expert?  An upper bound for hand inference.

The default ``expert`` deals the cards it cannot see by the learned hand model
(``agents.learned.inference``).  This benchmark plays the arena's duplicate deals (the same
deals, seatings and per-seat random numbers as ``hanafuda arena GAME --players 2 --agents
VARIANT,OPPONENT --seed S``) with up to three versions of the same search against one opponent:

- ``expert``: the default bot (learned hand inference);
- ``uniform``: the same search dealing the hidden cards uniformly (no inference);
- ``likelihood``: the same search dealing each other hand by how likely the ``greedy`` bot's
  own rule makes that player's past plays (``GreedyLikelihoodExpert``): a card that would have
  given it a better move than the one it made (by ``Evaluator.action_values`` on the field and
  captures of the time) is 10× less likely to be in its hand.  It reads only the view.  Against
  ``greedy`` itself this is the exact opponent model the learned hand model approximates;
- ``oracle``: the same search told where every other player's hand cards truly are (the stock
  stays unknown and is dealt at random).  It reads the engine's state, so it is **not a bot**:
  it exists only here, to measure the most any inference from play could add.

With ``--evidence N`` it first prints how much ``greedy_likelihood`` tells about a player's hand
(``--evidence-player``, default ``greedy``): over N rounds of ``greedy`` against that player,
at ``greedy``'s decisions, the share of the player's true hidden cards that keep their full
weight and the mean weight of the true cards and of the other unseen cards.

For each version it prints the mean margin per deal against the opponent and the paired
difference with ``expert`` (the same deals), each with its 95% interval over deals.  It asserts
nothing.

    python benchmarks/inference_headroom.py --game mushi --deals 280 --seed 2424 \\
        [--opponent greedy] [--variants expert,oracle,uniform,likelihood] [--simulations 4800]
        [--workers 2] [--evidence 30] [--evidence-player greedy]
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

from hanafuda.agents import GreedyAgent, make_agent
from hanafuda.agents.arena import mean_ci, rotations
from hanafuda.agents.base import Agent
from hanafuda.agents.determinize import config_for_view, determinize
from hanafuda.agents.expert import ExpertAgent
from hanafuda.agents.heuristics import Evaluator, evaluator_for
from hanafuda.agents.learned.inference import HandBeliefs, event_tuples, fields_before_plays
from hanafuda.cards import cards_of
from hanafuda.engine.deal import deal_from_rng
from hanafuda.engine.moves import CARD_BITS, CARD_SHIFT, KIND_BITS, NO_SET, PLAY, SET_BITS, SET_SHIFT
from hanafuda.engine.round import (
    EV_COLLECT,
    EV_DEALER,
    EV_FLIP,
    EV_PLAY,
    EV_TAKE,
    PHASE_PLAY,
    Round,
)
from hanafuda.records import Match
from hanafuda.rules import Config, configure
from hanafuda.views import PlayerView

VARIANTS = ("expert", "uniform", "likelihood", "oracle")


class WeightedExpert(ExpertAgent):
    """The expert's search dealing each other hand by the odds ``card_weights`` gives."""

    def card_weights(self, view: PlayerView, config: Config, seats: Sequence[int],
                     cards: Sequence[int]) -> dict[int, list[float]]:
        raise NotImplementedError

    def hand_beliefs(self, view: PlayerView) -> tuple[HandBeliefs, dict[int, int]] | None:
        config = config_for_view(view)
        cards = cards_of(view.unseen(config.deck).mask)
        hidden = {s: view.hand_counts[s] - view.exposed[s].mask.bit_count()
                  for s in range(config.players) if s != view.seat}
        seats = [s for s, n in hidden.items() if n > 0]
        if not seats:
            return None
        weights = self.card_weights(view, config, seats, cards)
        return HandBeliefs(seats, cards, [weights[s] for s in seats]), {s: hidden[s] for s in seats}


class OracleExpert(WeightedExpert):
    """The expert's search with every other hand dealt as it truly is (benchmark only: it
    reads ``truth``, the engine's round, which no bot may do)."""

    truth: Round | None = None

    def card_weights(self, view: PlayerView, config: Config, seats: Sequence[int],
                     cards: Sequence[int]) -> dict[int, list[float]]:
        rnd = self.truth
        assert rnd is not None
        return {s: [1e9 if rnd.hands[s] >> c & 1 else 1e-9 for c in cards] for s in seats}


UNLIKELY = 0.1
"""How much less likely a card is in a hand for each past play it would have beaten."""


def _greedy_value(then: Round, card: int, seen: int, evaluator: Evaluator,
                  made: int | None = None) -> float | None:
    """The ``greedy`` rule's value of playing ``card`` from hand in ``then`` for the seat to
    move: its best play, or with ``made`` (the cards that play captured) the play that took
    them; None when it has no play of that card.  ``seen``: the cards public then."""
    seat = then.seat
    then.hands[seat] = 1 << card
    plays = [a for a in then.legal_actions() if a & KIND_BITS == PLAY
             and a >> CARD_SHIFT & CARD_BITS == card and a >> SET_SHIFT & SET_BITS == NO_SET]
    if not plays:
        return None
    unseen = then.config.deck & ~(seen | 1 << card)
    values = evaluator.action_values(then, seat, plays, unseen)
    if made is not None:
        for action, value in zip(plays, values, strict=True):
            if then.preview(action) & ~(1 << card) == made & ~(1 << card):
                return value
    return max(values)


def greedy_likelihood(view: PlayerView, config: Config, seats: Sequence[int],
                      cards: Sequence[int]) -> dict[int, list[float]]:
    """Per other seat, a weight for each unseen card: ``UNLIKELY`` to the power of the number
    of that seat's past plays from hand which the card would have beaten by the ``greedy``
    rule (its best play then, valued on the field and capture piles of the time, worth more
    than the play made).  A card hidden in a hand now was in it at every past play, so the
    likelihood of a whole hand is the product of its cards' weights."""
    events = event_tuples(view)
    fields = dict(fields_before_plays(view))
    evaluator = evaluator_for(config)
    template = determinize(view, random.Random(0), config)
    captures = [0] * len(template.captures)
    exposed = 0
    for cardset in view.exposed:
        exposed |= cardset.mask
    out = {s: [1.0] * len(cards) for s in seats}
    for i, (kind, seat, card, captured) in enumerate(events):
        if kind == EV_PLAY and i in fields and seat in out:
            then = template.copy()
            then.field, then.captures, then.seat = fields[i], captures[:], seat
            then.phase, then.pending = PHASE_PLAY, -1
            seen = then.field | exposed
            for pile in captures:
                seen |= pile
            made_value = _greedy_value(then, card, seen, evaluator, captured)
            if made_value is not None:
                weights = out[seat]
                for j, c in enumerate(cards):
                    value = _greedy_value(then, c, seen, evaluator)
                    if value is not None and value > made_value + 1e-6:
                        weights[j] *= UNLIKELY
        if kind in (EV_PLAY, EV_FLIP, EV_TAKE, EV_DEALER, EV_COLLECT) and captured:
            captures[config.side_of[seat]] |= captured
    return out


class GreedyLikelihoodExpert(WeightedExpert):
    """The expert's search dealing the other hands by ``greedy_likelihood``; reads only the
    view."""

    def card_weights(self, view: PlayerView, config: Config, seats: Sequence[int],
                     cards: Sequence[int]) -> dict[int, list[float]]:
        return greedy_likelihood(view, config, seats, cards)


def make(name: str, simulations: int) -> Agent:
    if name == "expert":
        return ExpertAgent(simulations=simulations, time_limit=None)
    if name == "uniform":
        return ExpertAgent(simulations=simulations, time_limit=None, inference=False)
    if name == "likelihood":
        return GreedyLikelihoodExpert(simulations=simulations, time_limit=None)
    if name == "oracle":
        return OracleExpert(simulations=simulations, time_limit=None)
    agent = make_agent(name)
    if isinstance(agent, ExpertAgent):
        agent.time_limit = None
    return agent


def deal_margins(args: tuple[str, int, int, str, Sequence[str], int]) -> dict[str, float]:
    """Each variant's margin over the opponent on deal ``index``, averaged over the seatings —
    the arena's ``play_deal`` (same deal, seatings and per-seat random numbers)."""
    game, seed, index, opponent, variants, simulations = args
    config = configure(game, 2)
    out = {}
    for variant in variants:
        seatings = rotations([variant, opponent], 2)
        total = 0.0
        for rotation, seating in enumerate(seatings):
            deal = deal_from_rng(config, 0, random.Random(f"{seed}:{index}"))
            match = Match(game, 2, config=config, deal=deal)
            agents = [make(name, simulations) for name in seating]
            rngs = [random.Random(f"{seed}:{index}:{rotation}:{seat}") for seat in range(2)]
            while match.to_move is not None:
                seat = match.to_move
                agent = agents[seat]
                if isinstance(agent, OracleExpert):
                    agent.truth = match.current
                view = match.view(seat)
                match.play(agent.choose(view, view.legal, rngs[seat]))
            result = match.current.result
            assert result is not None
            mine = seating.index(variant)
            total += result.scores[config.side_of[mine]] - result.scores[config.side_of[1 - mine]]
        out[variant] = total / len(seatings)
    return out


def likelihood_evidence(game: str, rounds: int, player: str = "greedy"
                        ) -> tuple[float, float, float]:
    """Over ``rounds`` rounds of ``greedy`` (seat 0) against ``player`` (seat 1; seeds 0…):
    the share of seat 1's true hidden cards that ``greedy_likelihood`` leaves at full weight,
    their mean weight, and the mean weight of the other unseen cards, at each of seat 0's
    decisions."""
    bots = [GreedyAgent(), make(player, 600)]
    kept = true_cards = others = 0
    true_weight = other_weight = 0.0
    for r in range(rounds):
        match = Match(game, 2, seed=r)
        rngs = [random.Random(f"{r}:{s}") for s in range(2)]
        while match.to_move is not None:
            seat = match.to_move
            view = match.view(seat)
            hidden = view.hand_counts[1] - view.exposed[1].mask.bit_count()
            if seat == 0 and hidden:
                config = config_for_view(view)
                cards = cards_of(view.unseen(config.deck).mask)
                weights = greedy_likelihood(view, config, [1], cards)[1]
                for card, weight in zip(cards, weights, strict=True):
                    if match.current.hands[1] >> card & 1:
                        true_cards += 1
                        kept += weight == 1.0
                        true_weight += weight
                    else:
                        others += 1
                        other_weight += weight
            match.play(bots[seat].choose(view, view.legal, rngs[seat]))
    return kept / true_cards, true_weight / true_cards, other_weight / others


def interval(values: Sequence[float]) -> str:
    mean, low, high = mean_ci(values)
    return f"{mean:+.2f} [{low:+.2f}, {high:+.2f}]"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="mushi")
    parser.add_argument("--deals", type=int, default=280)
    parser.add_argument("--seed", type=int, default=2424)
    parser.add_argument("--opponent", default="greedy")
    parser.add_argument("--variants", default="expert,oracle",
                        help=f"comma-separated, from {', '.join(VARIANTS)} (expert always runs)")
    parser.add_argument("--simulations", type=int, default=4800)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--evidence", type=int, default=0, metavar="ROUNDS",
                        help="first measure greedy_likelihood on this many rounds")
    parser.add_argument("--evidence-player", default="greedy",
                        help="whose hand --evidence infers (its rounds are against greedy)")
    args = parser.parse_args()
    variants = ["expert"] + [v for v in args.variants.split(",") if v != "expert"]
    unknown = [v for v in variants if v not in VARIANTS]
    if unknown:
        parser.error(f"unknown variant(s) {', '.join(unknown)}: use {', '.join(VARIANTS)}")
    if args.evidence:
        kept, true_mean, other_mean = likelihood_evidence(args.game, args.evidence,
                                                          args.evidence_player)
        print(f"greedy_likelihood on {args.evidence_player}'s hand over {args.evidence} rounds "
              f"of {args.game} against greedy: "
              f"{kept:.1%} of the true hidden cards keep full weight; mean weight "
              f"{true_mean:.3f} (true cards) vs {other_mean:.3f} (the other unseen cards)")
    if args.deals < 1:
        return
    jobs = [(args.game, args.seed, i, args.opponent, variants, args.simulations)
            for i in range(args.deals)]
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        rows = list(pool.map(deal_margins, jobs, chunksize=4))
    print(f"{args.game}, 2 players, {args.deals} deals × 2 seatings, seed {args.seed}, "
          f"against {args.opponent}, {args.simulations} simulations a decision")
    print(f"{'variant':<10} {'margin per deal (95% CI)':<28} {'minus expert, same deals':<28}")
    for variant in variants:
        margins = [row[variant] for row in rows]
        diff = "" if variant == "expert" else interval(
            [row[variant] - row["expert"] for row in rows])
        print(f"{variant:<10} {interval(margins):<28} {diff:<28}")


if __name__ == "__main__":
    main()
