"""Whether a report sentence is a sentence a reader accepts, judged by the code.

A well-formed sentence of a report:

- is prose, not page furniture: no table row (``| 10:40 | 12:05 |``), no Markdown left over
  (``**``, ``##``), no navigation or byline separators (``Home › News``, ``By Ann · 3 May``);
- is whole: it starts with a capital or a digit, ends with ``.``, ``!`` or ``?``, does not end
  on a word that cannot end a sentence ("... covers 40% of."), and closes what it opens
  (brackets, quotes);
- has a verb (a finite one from a closed list of English auxiliaries and common verbs, or a
  past form in -ed), so "Conversion of the Old Dairy into 12 flats." is a heading, not a claim;
- is not a question, and does not open with a torn-out piece of the question: "Port Ellan to
  Skarra were cancelled on …" copies the question's words from after its "from" up to its
  verb, and so has lost its subject.

:func:`sentence_problem` says what is wrong (None when nothing is). The claim check rewrites or
drops a malformed sentence as it does an unsupported one; the benchmark's readability column
counts the well-formed share of what a report says.
"""

from __future__ import annotations

import re

from sentinel.research.sentences import dangles

MIN_WORDS = 3
ECHO_WORDS = 3
"""A sentence opening with at least this many of the question's words, torn from after a
preposition and followed by a verb, echoes the question."""

_AUXILIARIES = """
am is are was were be been being has have had do does did will would shall should can could
may might must 's 're 've 'll 'd
"""
# Common verbs, base form; their -s, -ed and irregular forms are listed or derived below.
_VERBS = """
accept add affect agree allow announce apply approve arrive ask attract become begin believe
bring build buy call cancel carry cause charge choose cite claim close come complete confirm
connect consider contain continue cost cover create cut deal decide decline defer delay deliver
depart describe design die drop earn employ end enter estimate expect explain face fall feel
fill find finish follow form gain get give go grow happen hear help hold host improve include
increase introduce invest issue join keep know last launch lead leave let lie limit list live
lose make mean meet miss move need note offer open operate order own pass pay plan play
produce propose provide publish put raise reach read receive recommend record reduce refuse
reject release remain remove reopen replace report require resume rise run said sail say
schedule see sell send serve set show shut sign sit speak spend stand start state stay stop
suffer suggest supply support suspend take tell think top transfer travel turn use vote wait
want warn win work write
account achieve act adopt advise aim appear appoint argue arrange attend avoid award back
ban bear beat belong benefit block book boost break buy cap catch change check claim clear
climb collect combine compare complain concern conclude contribute convert count cross
damage debate declare deny depend deploy destroy determine develop double drive earn ease
elect eliminate emerge enable encourage ensure equal establish exceed exist expand expire
extend fail feature fix fly force found fund gather generate grant halt handle hire hit hope
identify impose indicate inform install intend involve jump kill land lift link load look
maintain manage mark match measure mention merge need note notify obtain occur outline
overturn owe participate pause perform permit pick place point post prefer prepare present
prevent price process prohibit promise protect prove pull push qualify quit rank rate
recall recognise recognize recover refer reflect refund register relate rely repair repeat
represent request rescue reserve resign resolve respond restore restrict result retain
retire return reveal review ring rule save score seek seem select settle share shift shrink
slip slow smash solve sort spread stage step stick store strike struggle submit succeed
surge survive swell target test total trade train treat trigger try understand unveil
update urge vary view visit walk watch wear weigh welcome widen withdraw worry
"""
_IRREGULAR = """
began begun became brought built bought came chose chosen cost cut dealt did done drew drawn
fell felt found gave given got gotten went gone grew grown heard held kept knew known led left
let lay lost made meant met paid put ran read rose risen said saw seen sold sent set shown shut
sat spoke spoken spent stood took taken told thought won wrote written broke broken caught
drove driven flew flown forgot forgotten hung hid hidden laid overtook overtaken rang rung
sank sunk shook shaken shot slid sought spread struck stuck swept swam swung taught threw
thrown understood undertook woke withdrew withdrawn
"""
AUXILIARIES = frozenset(_AUXILIARIES.split())
VERBS = frozenset(_VERBS.split())
IRREGULAR = frozenset(_IRREGULAR.split())
_PREPOSITIONS = frozenset(
    [
        "from",
        "to",
        "of",
        "on",
        "in",
        "at",
        "for",
        "by",
        "about",
        "with",
        "between",
        "into",
        "over",
        "under",
        "after",
        "before",
    ]
)
_WORD = re.compile(r"[A-Za-z]+(?:'[a-z]+)?|\d[\w:./-]*")
_TABLE = re.compile(r"\|.*\|")
_MARKUP = re.compile(r"\*\*|__|^#+\s|`|\[\s*\]|\]\(")
_NAVIGATION = re.compile(r"\s[·›»>|]\s|^(?:home|menu|skip to|share|sign in|log in)\b", re.I)
_TERMINAL = re.compile(r"[.!?][\"'”’)]*$")
_PAIRS = (("(", ")"), ("[", "]"), ("“", "”"))


def words(text: str) -> list[str]:
    """The words of ``text``, casefolded (numbers with their separators kept whole)."""
    return [w.casefold() for w in _WORD.findall(text)]


def is_verb(word: str) -> bool:
    """Whether ``word`` (casefolded) is a finite verb or a participle of the closed list: an
    auxiliary, a listed verb (base, -s and -es forms, irregular pasts), or any past form in
    -ed of at least five letters."""
    if word in AUXILIARIES or word in IRREGULAR or word in VERBS:
        return True
    for ending, stem_endings in (("ies", ("y",)), ("es", ("", "e")), ("s", ("",))):
        if word.endswith(ending) and any(
            word[: -len(ending)] + tail in VERBS for tail in stem_endings
        ):
            return True
    # A form in -ing is not finite on its own ("Gale warning for the isles."): a progressive
    # has its auxiliary.
    return word.endswith("ed") and len(word) >= 5 and word.isalpha()


def has_verb(text: str) -> bool:
    """Whether ``text`` has a verb (see :func:`is_verb`)."""
    return any(is_verb(w) for w in words(text))


def echoes_question(text: str, question: str) -> bool:
    """Whether ``text`` opens with a piece of ``question`` torn from after a preposition and
    runs straight into a verb: its subject was left in the question ("Port Ellan to Skarra
    were cancelled ..." from "Which sailings from Port Ellan to Skarra were cancelled ...")."""
    said, asked = words(text), words(question)
    for start in range(1, len(asked)):
        if asked[start - 1] not in _PREPOSITIONS:
            continue
        length = 0
        while (
            length < len(said)
            and start + length < len(asked)
            and said[length] == asked[start + length]
        ):
            length += 1
        if length < ECHO_WORDS:
            continue
        # The copy ends where the question's (or the sentence's) verb begins.
        for cut in range(ECHO_WORDS, min(length + 1, len(said))):
            if is_verb(said[cut]) and not any(is_verb(w) for w in said[:cut]):
                return True
    return False


def sentence_problem(text: str, question: str = "") -> str | None:
    """Why ``text`` is not a well-formed report sentence, or None (see the module)."""
    body = text.strip()
    if not body:
        return "empty"
    if _TABLE.search(body) or body.startswith("|"):
        return "a table row"
    if _MARKUP.search(body):
        return "markup"
    if _NAVIGATION.search(body):
        return "navigation or a byline"
    if body.endswith("?"):
        return "a question"
    if not _TERMINAL.search(body) or dangles(body):
        return "cut off"
    if not (body[0].isupper() or body[0].isdigit() or body[0] in "\"“'‘("):
        return "cut off"
    if any(body.count(a) != body.count(b) for a, b in _PAIRS) or body.count('"') % 2:
        return "cut off"
    if len(words(body)) < MIN_WORDS:
        return "too short"
    if not has_verb(body):
        return "no verb"
    if question and echoes_question(body, question):
        return "a torn-out piece of the question"
    return None


def well_formed(text: str, question: str = "") -> bool:
    """Whether ``text`` is a well-formed report sentence."""
    return sentence_problem(text, question) is None
