"""Cues for how far apart two places are (`place_distance`).

"How far is it from Paris to Berlin?", "distance between Lisbon and Porto": a small model guesses
these. How far in general ("how far can a bee fly", "how far along is the project") names no two
places and stays with the model.
"""

from __future__ import annotations

from tars.routing.family import Family, cues
from tars.tools.distance import NOT_PLACES

__all__ = ["DISTANCE"]

# a place as the router sees it: lower-cased, so any word (the tool's reader wants them capitalised)
_PLACE = r"[a-zà-ÿ][\w.'’-]*(?:,? [a-zà-ÿ][\w.'’-]*){0,3}"

DISTANCE = Family(
    "distance",
    does="tell how far apart two places are",
    names=frozenset({"distance"}),
    prefixes=("place_distance",),
    asked_as_textbook=True,  # "how far is Berlin from Paris" reads like a general question
    local=True,
    cues=cues(
        (4, rf"\bhow (?:far|many (?:km|kilometers|kilometres|miles))\b.{{0,20}}\bfrom {_PLACE} to {_PLACE}\b|"
            rf"\bhow (?:far|many (?:km|kilometers|kilometres|miles)) (?:away )?is {_PLACE} from {_PLACE}\b"),
        (4, rf"\b(?:distance|how far) (?:is it )?(?:between|from) {_PLACE} (?:and|to) {_PLACE}\b"),
    ),
    negatives=cues(
        (4, r"\bhow far (?:can|could|does|do|did|will|would|should|along|back|gone|have|has)\b|"
            r"\b(?:light|sound) (?:years?|travel)\b"),
        # words that name no place, or several trips at once: the model reads those
        (5, rf"\b(?:between|from|to|and) (?:the )?(?:{'|'.join(sorted(NOT_PLACES))})\b|\bfrom\b.*\bfrom\b"),
        # not places on a map
        (5, r"\b(?:the )?(?:moon|sun|mars|venus|jupiter|saturn|mercury|neptune|uranus|pluto|earth|galaxy|stars?|"
            r"planets?|orbit|space)\b"),
    ),
)
