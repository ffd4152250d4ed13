"""Cues for the world outside: the weather where the user is, and the web (pages, news, prices, scores).

Questions about now and here ("will it rain", "who won last night") escalate; the textbook and
climate forms of the same words ("why do weather fronts bring rain", "average rainfall") do not.
"""

from __future__ import annotations

from tars.routing.cues.exact import MONEY_ASKED
from tars.routing.family import Family, cues, hints

__all__ = ["WEATHER", "WEB"]

WEATHER = Family(
    "weather",
    does="tell the weather now and for the coming days",
    names=frozenset({"weather"}),
    prefixes=("weather_",),
    anchors=frozenset({"weather", "forecast", "meteo", "rain", "temperature"}),
    cues=cues(
        (3, r"\bde-?ic(?:e|ing)\b"),
        # the sun's times, which the forecast has for a place ("when does the sun set today?")
        (4, r"\b(?:when|what time) (?:does|will|did) the sun (?:rise|set|come up|go down)\b|\b(?:when|what time)"
            r"(?:'s| is| was| will be) (?:the )?(?:sunrise|sunset|dawn|dusk|first light)\b|\b(?:sunrise|sunset) "
            r"(?:times? )?(?:today|tomorrow|tonight|this evening)\b"),
        (2, r"\bshould (?:i|we) (?:cycle|bike|walk|run|jog|hike|drive|hang|mow|water|go (?:out|outside|for a "
            r"(?:walk|run|ride|swim)))\b"),
        (3, r"\bquel temps\b|\bqu[ée] tiempo\b|\bwie ist das wetter\b|\b(?:gonna|going to) be (?:an? )?(?:hot|"
            r"cold|warm|"
            r"chilly|freezing|sunny|rainy|windy|nice|stormy|humid|cloudy|wet|icy|clear|dry|foggy|overcast|bright)\b"),
        (3, r"\b(?:weather|wether|wheather|weahter|wather|whether like|forecast|forcast|forecats|wett?er|"
            r"m[ée]t[ée]o|clima|tiempo (?:hace|hoy|mañana))\b"),
        (2, r"\b(?:umbrella|brolly)\b|\braincoat\b|\brain jacket\b"),
        (4, r"^(?:so |and |ok |okay )?(?:what'?s|what is|how'?s|how is) the (?:weather|forecast)(?: like)?"
            r"(?: (?:today|now|right now|out there|outside|later|tonight|tomorrow|this \w+|here))?\s*\??$"),
        (3, r"\b(?:will|is|was) it (?:going to |gonna |supposed to |likely to )?(?:be |stay |get |turn )?(?:too |"
            r"very |really |so )?(?:rain|snow|pour|drizzl|"
            r"hail|storm|thunder|sunny|cloudy|overcast|windy|hot|cold|warm|chilly|freez|humid|foggy|nice|clear|"
            r"icy|frosty|wet|dry|below|above|muggy|boiling|cool)"),
        (3, r"\bhow (?:hot|cold|warm|chilly|windy|humid|sunny|wet|nice|bad)\b.{0,12}\b(?:is it|will it|it is|it's|"
            r"it'll|is it going|out|outside|today|tomorrow)"),
        (3, r"\b(?:need|bring|wear|take|pack|grab|put on)\b.{0,20}\b(?:umbrella|brolly|sunscreen|sunblock|raincoat|"
            r"jacket|coat|gloves|scarf|boots|wellies|layers?|shorts|sweater|hoodie|hat|sunglasses|thermals|"
            r"warm clothes)\b"),
        (3, r"\b(?:will|would|am) i (?:going to |gonna )?(?:get|be) (?:wet|soaked|drenched|rained on|cold|"
            r"sunburn(?:ed|t)?|too hot|freezing)\b"),
        (3, r"\b(?:what'?s|how'?s|how is|what is) it (?:like |looking |going to be |gonna be )?(?:outside|"
            r"out there|out)\b|\bnice (?:out|outside)\b"),
        (3, r"\b(?:does it|it) looks? like (?:rain|snow|a storm|a (?:nice|good|bad|wet|dry|sunny|rainy) day)\b"),
        (3, r"\b(?:good|nice|great|bad|perfect) (?:day|weather|time|evening|morning|afternoon) (?:for|to) (?:a |"
            r"an )?(?:walk|run|jog|bike|"
            r"ride|cycle|hike|picnic|barbecue|bbq|beach|swim|sail|fly|kite|garden|dry)"),
        (3, r"\b(?:storms?|rain|snow|showers|front|heat ?wave|cold snap|frost|hail|"
            r"thunderstorms?)\b.{0,10}\b(?:coming|on (?:the|its) way|expected|headed|approaching|rolling in|due)\b"),
        (3, r"\b(?:the )?(?:high|low|highs|lows) (?:today|tonight|tomorrow|this|for|on)\b|\bchance of (?:rain|"
            r"snow|showers|storms?)\b"),
        (2, r"\b(?:temperature|temp|degrees|humidity|uv index|uv|wind ?chill|wind speed|precipitation|pollen count|"
            r"air quality|sunrise|sunset|conditions)\b"),
        (3, r"\b(?:coat|jacket|umbrella|shorts|sweater|t-?shirt|sunscreen|hat|gloves)(?: kind of| sort of)? "
            r"(?:day|weather|night|morning|evening)\b"),
        (2, r"\b(?:sky|skies)\b|\bice\b(?! (?:cream|cubes?|age|hockey|skating|tea|breakers?|berg))|\bblack ice\b|"
            r"\b(?:sun|clouds|"
            r"rain\w*|snow\w*|storms?|stormy|thunder\w*|lightning|sunny|sunshine|cloudy|overcast|windy|foggy|fog|"
            r"freezing|chilly|humid|muggy|hail|drizzle|showers|heatwave|heat wave|frost\w*|sleet|blizzard|tornado|"
            r"hurricane|icy)\b"),
        (2, r"\b(?:hot|cold|warm|cool) (?:out|outside|today|tonight|tomorrow)\b|\b(?:wind|winds|breeze|breezy|"
            r"gusts?|gusty)\b|\bscorcher\b|\bbucketing\b|\bpouring\b|\bnippy\b|\bt-?shirt weather\b|\blayer up\b"),
        (2, r"\b(?:llov\w*|lluvia|nieve|nevar[aá]?|pleuvoir|pleut|pluie|neige|regnet|regen|schnee\w*|piove|"
            r"pioggia|sonnig|soleil)\b"),
    ),
    negatives=cues(
        (3, r"\b(?:forgot|lost|left|broke|bought) my (?:umbrella|brolly|raincoat|jacket|coat)\b|"
            r"\bgot (?:soaked|drenched|wet|sunburn(?:ed|t)?)\b"),
        (3, r"\b(?:weather|rain|snow|storm|sun|summer|winter)-?themed\b|\b(?:songs?|poems?|films?|movies?|books?) "
            r"about (?:the )?(?:weather|rain|snow|storms?)\b"),
        (3, r"\bunder the weather\b|\bweather(?:ed|ing)? (?:the|this|that) (?:storm|crisis)\b|\bbrainstorm"),
        # a climate study may still want today's readings: "the current temperature at the North Pole"
        (3, r"\bweather (?:fronts?|systems?|patterns?|balloons?|stations?|vanes?|maps?|models?)\b|"
            r"^(?![\s\S]*\b(?:current|latest|real-?time|live|today'?s)\b[\s\S]{0,25}\b(?:weather|temperatures?)\b)"
            r"[\s\S]*\bclimate\b"),
        (3, r"\b(?:sales|revenue|demand|budget|financial|cash ?flow|time[- ]series|arima|traffic|inventory|"
            r"forecasting)\b"),
        (3, r"\b(?:average|annual|yearly)\b|\bweather\b.{0,20}\b(?:in|on) (?:a|an) (?!hour|minute|bit|few|couple)"),
        (3, r"\b(?:on|of) (?:mars|venus|jupiter|saturn|neptune|uranus|mercury|pluto|titan|the sun|the moon|"
            r"other planets)\b|\bin (?:outer )?space\b|\bin orbit\b|\bon the iss\b"),
        (3, r"\b(?:calculate|compute|energy|joules?|\d+ ?kg|heat capacity|specific heat|thermodynamics?|"
            r"mixed with|celsius to|fahrenheit to|to celsius|to fahrenheit)\b"),
        (3, r"\b(?:cook|bake|roast|grill|oven|fridge|freezer|chicken|beef|pork|steak|turkey|meat|fever|cpu|gpu|"
            r"thermostat|pool|bath|aquarium|sous vide)\b"),
        (3, r"\b(?:rainiest|sunniest|hottest|coldest|wettest|driest|windiest|snowiest|warmest|cloudiest)\b"
            r"(?!.{0,25}\b(?:today|tomorrow|tonight|this week|this weekend)\b)"),
        (3, r"\b(?:boiling|melting|freezing|dew) point\b|\bbody temperature\b|\bcolor temperature\b|"
            r"\broom temperature\b"),
        (3, r"\b(?:snowflake|snowball|snow white|purple rain|rain ?man|rainbow table|storm troopers?)\b"),
    ),
    hints=hints(
        weather_now=r"\b(?:now|currently|current|outside|out there|is it|how'?s|what'?s (?:it|the weather) like|"
                    r"right now|temperature|at the moment|raining|snowing)\b",
        weather_forecast=r"\b(?:forecast|tomorrow|tonight|later|will|week|weekend|going to|gonna|sun|sunrise|"
                         r"sunset|dawn|dusk|"
                         r"this (?:afternoon|evening)|next|hourly|umbrella|monday|tuesday|wednesday|thursday|"
                         r"friday|saturday|sunday|chance)\b",
    ),
)


WEB = Family(
    "web",
    does="read web pages (and search the web, when a search service is set)",
    names=frozenset({"web", "search", "fetch", "browser", "internet"}),
    prefixes=("web_",),
    anchors=frozenset({"web", "fetch", "url", "browse", "browser", "http", "webpage", "websearch", "internet",
                       "google", "bing", "brave"}),
    cues=cues(
        (4, r"\bhttps?://\S+|\bwww\.\S+|(?<![@\w.-])[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|org|net|io|dev|ai|co|gov|"
            r"edu|uk|de|fr|info|news|app|blog|me|tv|us|eu|ca|au)\b(?:/\S*)?"),
        (4, r"\b(?:search|look|check|find|browse)\b.{0,40}?\b(?:online|on the (?:web|internet|net)|on google|"
            r"the web|the internet)\b"),
        (4, r"\b(?:read|summari[sz]e|tl;?dr|fetch|open|skim) (?:this|that|the|this web|the web) ?(?:page|article|"
            r"link|site|website|webpage|post|url)\b"),
        (3, r"^(?:google|bing|search|look up|lookup|browse|web search)\b(?! (?:for )?(?:my|our|in my|your|it|"
            r"this|that|them|the above|above)\b)(?! (?:the|this) (?:notes|vault|journal|list|document|file|code|"
            r"answer|text|reply|response))"),
        (3, r"\b(?:news|headlines?|breaking)\b(?! (?:cycle|value|media|literacy|writing|anchor|outlet|industry|"
            r"business|agenc|organi))|\b(?:top|main|big|front-page) (?:stories|story|headlines)\b|"
            r"\bthe latest (?:on|about|with|from|in)\b|\bwhat'?s (?:happening|going on) (?:in|with|at)\b|"
            r"\bwhat happened (?:in|at|to|with|during) [\w\s'-]{2,40}\b(?:today|yesterday|last night|this week|"
            r"this morning)\b"),
        (2, r"\b(?:buzz|hype|rumou?rs?|gossip|chatter)\b|\bwho(?:'s| is) (?:performing|playing|headlining|speaking|"
            r"competing|running|starring)\b"),
        (3, r"\bwhat time (?:does|do|is|will) (?:the )?[\w\s'-]{2,30} (?:open|close|start|begin|kick off|air|land|"
            r"depart|leave)\b"),
        (2, r"\bdid (?:the )?[\w'-]+(?: [\w'-]+){0,3} (?:win|lose|score)\b|\btrending\b|"
            r"\bwhat did [\w\s'-]{2,40} (?:say|announce|decide|tweet|post)\b"),
        (3, r"\bwhere(?:'s| is| are) the (?:nearest|closest)\b"),
        (3, r"^(?:find|search for|look for|show me)\b.{0,30}"
            r"\b(?:restaurants?|places?|hotels?|bars?|caf[eé]s?|shops?|stores?|pharmac(?:y|ies)|gyms?|hostels?|"
            r"museums?|bakery|bakeries|tickets?|flights?|trains?|train times|buses|fares?|rooms?|deals?|"
            r"availability)\b"),
        (3, r"\bwhat'?s the score\b|\bscores? (?:of|in|for|from) (?:the |last night'?s |"
            r"today'?s )?[\w\s'-]{1,30}(?:game|match|fixture|race|final)\b|\bwho(?:'s| is) (?:ahead|leading|"
            r"winning)\b|\bpolls?\b|\bwho (?:won|is winning|'s winning|scored)\b.{0,40}\b(?:game|match|race|final|"
            r"election|tonight|last night|today|yesterday|cup|series|award|prize|nobel|oscars?|grammys?|emmys?|"
            r"title|championship|tournament|league|trophy|medal|contest|vote|this year|this season)\b|"
            r"\bwho'?s winning\b"),
        (3, r"\bwhat (?:are|is) (?:people|everyone|folks|critics|reviewers|reddit|twitter|the internet) saying\b"),
        (2, r"^find out\b"),
        (3, r"\bis (?:the )?[\w\s'-]{2,40} (?:out|released|available|open|down|closed|shut|running|delayed|"
            r"cancelled|canceled) (?:yet|(?:right )?now|today|tonight|tomorrow|currently|this \w+)\b"),
        (3, r"\b(?:has|have) (?:the )?[\w\s'-]{2,40} (?:happened|started|ended|finished|launched|landed|begun|"
            r"come out|been released|opened|closed|arrived) yet\b|\bgoing rate\b"),
        (2, r"\bhow (?:are|is) (?!(?:you|u|ya|things|we|they|he|she|it|your|my|his|her|our|their)\b)(?:the )?"
            r"[\w\s'-]{2,30} doing\b"),
        (3, r"\b(?:is|are) (?:there )?(?:a |any )?new [\w\s'-]{1,40}\b(?:out|released|available|coming)\b"),
        (3, r"\b(?:opening hours|open (?:today|now|on)|reviews? (?:of|for|like|say|saying)|near me|nearby|"
            r"tickets for|showtimes?)\b"),
        (3, r"\b(?:stock|share) prices?\b|\bis (?!(?:it|this|that|he|she|they|my|your|the code)\b)[\w\s'-]{2,30} "
            r"(?:down|offline|working|up)\s*\??$"),
        # an amount in another currency: live rates, asked "what is …" or not (outweighs the textbook frame)
        (5, rf"^(?:convert |change |what(?:'s| is) |how much is )?{MONEY_ASKED}"),
        (2, r"\bstock market\b|\b(?:the )?markets?\b|\b(?:nasdaq|dow jones|s&p|ftse|dax|"
            r"nikkei)\b|\bprice of\b|\bexchange rate\b|\b(?:bitcoin|btc|"
            r"ethereum|eth|crypto)\b|\btrading at\b"),
        (2, r"\b(?:latest|newest|most recent|recent|trending|this week's|today's|current|"
            r"the new)\b.{0,25}\b(?:news|headlines?|releases?|version|updates?|results?|scores?|prices?|trends?|"
            r"movies?|films?|episodes?|seasons?|albums?|songs?|games?|products?|phones?|iphone|pixel|models?|"
            r"articles?|research|developments?|polls?|standings|events?|reviews?|rates?|figures|numbers|stats|"
            r"guidance|rules|regulations|restrictions|advisories|advice|status|situation|data)\b"),
        (2, r"\bhow much (?:is|are|does|do|did|would) (?:a |an |the )?\w+|\b(?:costs?|prices?|priced|reviews?|"
            r"ratings?)\b"),
        (2, r"^check (?:what|whether|if|how|when|who|online|the (?:news|headlines|price|score|reviews?|status))\b"),
        (2, r"\bhow did (?:the )?[\w\s'-]{2,30} (?:do|play|fare|finish|get on)\b|\bupdates? (?:on|about|from|"
            r"for)\b|\b(?:results?|standings|release date|box office|playing|showing|on tv|schedule for)\b"),
        (3, r"\b(?:anything|something) new (?:about|on|with|from|regarding)\b|\b(?:bitcoin|btc|ethereum|eth|"
            r"crypto|stocks?|shares?|euro|dollar|pound|yen|peso|franc|rupee|gold|oil|silver)\b.{0,10}"
            r"\b(?:at|worth|trading|doing)\b"),
        (3, r"\b(?:any|latest|recent|new) (?:updates?|news) (?:on|about|from|regarding)\b|"
            r"\b(?:current|reigning) (?:world )?(?:record|champion|record holder|title holder|leader|standings|"
            r"rankings?)\b"),
        (2, r"\bwho(?:'s| is) (?:the )?(?:current |new |reigning )?(?:ceo|president|prime minister|pm|chancellor|"
            r"king|queen|pope|champion|leader|owner|coach|manager|head|mayor|governor|chair\w*)\b"),
        (2, r"\bwhat'?s new (?:on|at|with|in|from)\b(?! (?:you|u|yourself)\b)|\b(?:usd|eur|gbp|jpy|cny|chf|cad|"
            r"aud|inr|dollars?|euros?|pounds?|yen)\b.{0,12}\b(?:to|in|vs|against)\b.{0,12}\b(?:usd|eur|gbp|jpy|"
            r"cny|chf|cad|aud|inr|dollars?|euros?|pounds?|yen|rate)\b|\brates?\b"),
        (2, r"\b(?:look up|lookup|search for)\b"),
        (3, r"\bfind (?:me )?(?:some |a few )?(?:recent |latest |new |good |the best )?(?:info|information|"
            r"articles?|sources|reviews|news|links|papers|posts|videos|results)\b"),
    ),
    negatives=cues(
        (3, r"\b(?:in|within|from) (?:this|the following|my|that|the) (?:sentence|text|paragraph|string|list|"
            r"document|passage|array)\b|^(?:search|find|look) (?:for )?(?:the )?(?:word|letter|phrase|string|"
            r"pattern)\b"),
        (3, r"\b(?:binary|linear|depth-first|breadth-first|a\*|full-text|fuzzy|tree|graph) search\b|"
            r"\bsearch (?:algorithm|engine|tree|query|bar|space|term)s?\b"),
        (3, r"\bhistory of\b|\bwhat (?:is|are) (?:a |an |the )?(?:url|website|web ?page|search engine|browser|"
            r"internet)s?\b"),
        (3, r"\blatest (?:version of (?:http|html|tcp|the internet)|trends in (?:history|philosophy))\b|"
            r"\bnews cycle\b"),
    ),
    hints=hints(
        web_read=r"\bhttps?://|\bwww\.|\b[a-z0-9-]+\.(?:com|org|net|io|dev|ai|co|gov|edu|uk|de|fr|info|news|app|"
                 r"blog|me|tv|us|eu|ca|au)\b|\b(?:read|summari[sz]e|tl;?dr|fetch|open) (?:this|that|the) "
                 r"(?:page|article|link|site|post|url)\b",
        web_search=r"(?<![./])\b(?:search|google|look up|lookup|latest|news|headlines?|price|worth|costs?|score|"
                   r"who won|winning|find|"
                   r"online|reviews?|yet|opening hours|updates?|results?|trending|current|open|closed?|stocks?|"
                   r"market|rates?|playing|happening|polls?)\b"
                   rf"|{MONEY_ASKED}",  # an amount in another currency needs today's rate
    ),
)
