"""Yaku card sets by id (RULES.md §5). Games pick from these and give points and names."""

from __future__ import annotations

from ..cards import MONTH_MASKS, RIBBONS, card_id, mask_of

__all__ = ["SET_MASKS", "RIBBON_COUNT_MASK", "four_of", "set_mask"]

SET_MASKS: dict[str, int] = {
    "poetry-ribbons": mask_of(["pine-ribbon", "plum-ribbon", "cherry-ribbon"]),
    "blue-ribbons": mask_of(["peony-ribbon", "chrysanthemum-ribbon", "maple-ribbon"]),
    "grass-ribbons": mask_of(["wisteria-ribbon", "iris-ribbon", "clover-ribbon"]),
    "five-birds": mask_of(["plum-warbler", "wisteria-cuckoo", "susuki-geese"]),
    "five-brights": mask_of(
        ["pine-crane", "cherry-curtain", "susuki-moon", "willow-rainman", "paulownia-phoenix"]
    ),
    "four-brights": mask_of(["pine-crane", "cherry-curtain", "susuki-moon", "paulownia-phoenix"]),
    "spring": mask_of(["pine-crane", "plum-warbler", "cherry-curtain"]),
    "matsu-kiri-bozu": mask_of(["pine-crane", "paulownia-phoenix", "susuki-moon"]),
    "drinking": mask_of(["chrysanthemum-sake", "cherry-curtain", "susuki-moon"]),
    "grand-views": mask_of(["pine-crane", "cherry-curtain", "susuki-moon", "chrysanthemum-sake"]),
    "flower-viewing": mask_of(["chrysanthemum-sake", "cherry-curtain"]),
    "moon-viewing": mask_of(["chrysanthemum-sake", "susuki-moon"]),
    "boar-deer-butterflies": mask_of(["clover-boar", "maple-deer", "peony-butterflies"]),
    "butterflies-sake-deer": mask_of(["peony-butterflies", "chrysanthemum-sake", "maple-deer"]),
    "cuckoo-bridge-boar": mask_of(["wisteria-cuckoo", "iris-bridge", "clover-boar"]),
    "boar-geese-deer": mask_of(["clover-boar", "susuki-geese", "maple-deer"]),
    "phoenix-bonus": mask_of(["paulownia-phoenix"]),
}
_MONTH_BY_PLANT = {
    "pine": 1,
    "plum": 2,
    "cherry": 3,
    "wisteria": 4,
    "iris": 5,
    "peony": 6,
    "clover": 7,
    "susuki": 8,
    "chrysanthemum": 9,
    "maple": 10,
    "willow": 11,
    "paulownia": 12,
}
for _plant, _month in _MONTH_BY_PLANT.items():
    SET_MASKS[f"four-{_plant}"] = MONTH_MASKS[_month]

RIBBON_COUNT_MASK: int = RIBBONS & ~(1 << card_id("willow-ribbon"))
"""Ribbons that count for six/seven ribbons: every ribbon but the willow's (RULES.md §4.2)."""


def set_mask(yaku_id: str) -> int:
    return SET_MASKS[yaku_id]


def four_of(plant: str) -> int:
    return SET_MASKS[f"four-{plant}"]
