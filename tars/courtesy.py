"""Words that acknowledge or greet rather than ask: "thanks!", "ok", "good morning". Said before a
request ("thanks! how many minutes in a week?"), between a request and its follow-up, or after tars
asked a question, they are no request and no answer.
"""

from __future__ import annotations

__all__ = ["THANKS", "GREETINGS"]

# thanks and acknowledgements, as a regex alternation
THANKS = (r"(?:thanks|thank you|thx|ty|ta|cheers|great|cool|nice|perfect|awesome|ok|okay|got it|alright|right|"
          r"i see|noted)")
# greetings and other asides, as a regex alternation
GREETINGS = r"(?:hi|hello|hey|good (?:morning|afternoon|evening|night)|sorry|lol|haha|oops|wow)"
