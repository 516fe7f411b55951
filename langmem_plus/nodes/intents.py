"""Memory commands a user can give in the conversation, recognised without a model.

Three kinds of message are answered by the memory layer itself, not by the model:

* **remember** — "Remember that my sister lives in London." (only that): stored at once,
  replied to with exactly what was saved (``extraction.fast_path``);
* **recall** — "What did I tell you?", "What do you know about me?": answered from the
  stored facts alone, with a fixed line when there are none;
* **forget** — "Forget that I told you about my employer", "Forget everything": the
  deletion cascade, and the user is told what was removed.

A forget is found by its structure, not by a list of phrasings: a deletion verb with a
topic, a memory reference of any verb between them ("whatever you jotted down about"),
trailing reasons cut at the clause that has a verb of its own; a wish that something not be
kept ("I'd rather you didn't remember ..."); a statement the command points back at ("That
kiwi allergy was a false alarm — strike it"); everything as a quantified object about the
user ("each and every scrap you've kept on me"). A question about how forgetting works ("can you
forget things?", "everything I tell you") is not a command, and "what my wife said" is that
person's facts, never the user's. A deletion verb other than "forget" with a topic that is
neither the user's attribute nor said to be a memory ("drop the gluten thing") is tentative:
a command only when it names a stored fact of the user's (``forget_targets``), so "delete
the last paragraph" stays an editing request; "that's not true anymore, remove it" points
back at the previous message and deletes what it stated.

"Forget" itself is tentative too when the topic is neither personal nor an attribute
("forget Tromsø" is a command only if Tromsø is stored), and an option set aside for
another ("forget the hotel, book a flat", "forget Paris, let's go to Rome") is no command
at all; nor is a verb of keeping with its complement ("don't log me out", "don't keep it
short"). A topic is matched the way recall finds facts, by value and text words as well
as by attribute names; people named by relation take the facts held under their name
("where my sister lives"); and a forgotten value said again in another of the user's
facts goes with it, so no block shows it afterwards.

Everything here is pure (text in, decision out), so it is cheap to test.

Example:
    >>> detect_command("What did I tell you?").kind
    'recall'
    >>> detect_command("Forget that I told you about my employer.").about
    'my employer'
    >>> detect_command("Forget everything you know about me").everything
    True
    >>> detect_command("How do I forget a password?") is None
    True
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from langmem_plus.extraction import is_remember_request, second_person
from langmem_plus.facts.models import Fact
from langmem_plus.facts.policy import PERSON_PREFIX, normalize_holder
from langmem_plus.facts.profile import RELATION_WORDS, odd_attribute, profile_family
from langmem_plus.facts.retrieval import SLOT_NAMES, mentions_relation, names_topic
from langmem_plus.facts.text_rules import content_terms

__all__ = [
    "NOTHING_SAVED",
    "NOT_BLOCKED",
    "MemoryCommand",
    "allow_reply",
    "blocked_predicates",
    "describe_facts",
    "detect_command",
    "forget_reply",
    "forget_targets",
    "forget_topic",
    "match_facts",
]

NOTHING_SAVED = (
    "I don't have anything saved about you yet. If you'd like me to keep something, "
    'start with "Remember that ...", for example "Remember that I prefer metric units."'
)
"""The fixed reply to "what did I tell you?" when no fact is stored."""

MEMORY_OFF = "Memory is off for you, so I haven't kept anything from our conversations."
"""The fixed reply to "what did I tell you?" for a user who turned memory off."""

_RECALL = re.compile(
    r"^\s*(?:(?:hey|hi|ok|okay|so)[,!]?\s+)?(?:please\s+)?(?:"
    r"what (?:did|have) i (?:ever )?(?:tell|told|say|said to) (?:to )?you(?: about (?:me|myself))?"
    r"|what do you (?:know|remember|have(?: saved| stored| on file)?) about me"
    r"|what have you (?:saved|stored|remembered|kept)(?: about me)?"
    r"|what do you remember"
    r"|(?:show|list|tell) me (?:what|everything) you (?:know|remember|have saved|"
    r"have stored|keep) about me"
    r"|(?:show|list) (?:me )?my (?:memories|saved facts)"
    r")\s*[?.!]*\s*$",
    re.IGNORECASE,
)

# The verbs of deletion: "forget" names the memory by itself; the others ("delete", "bin",
# "nuke") may be an editing request unless the topic is the user's or a stored fact.
_DELETE_VERBS = (
    r"forget|delete|erase|remove|wipe|clear|purge|scrub|scrap|scratch|drop|ditch|discard|bin"
    r"|lose|get rid of|let go of|throw (?:out|away)|nuke|toss|trash|junk|zap|expunge|reset|unlearn"
    r"|unremember|ignore|disregard|obliterate|eradicate|destroy|shred|dump|flush|empty"
)

_LEAD = (
    r"^\s*(?:(?:hey|hi|ok|okay|and|also|so|now|actually|hmm+|um+|uh+|oh|well|right|yeah|yes"
    r"|sorry|alright|listen|look|honestly|on second thought|no|nah|wait|ugh|argh|meh|ok so|yo"
    r"|from now on|going forward|in future|in the future)[,!]?\s+){0,3}"
    r"(?:(?:please|pls|plz)[,]?\s+)?"
    r"(?P<ask>(?:can|could|would|will) (?:you|u) (?:please |kindly |just |maybe |perhaps )*"
    # a polite question or a wish: "would you mind forgetting ...", "I wish you'd forget ..."
    r"|(?:(?:would|do) (?:you|u) )?mind (?:just )?|i wish (?:you|u)(?:'d| would) (?:just )?"
    # other request frames: "let's ...", "you should ...", "make sure you ...", "can we ..."
    r"|(?:i'm|i am) asking (?:you|u) to |let's |let us |(?:you|u) (?:should|must|need to"
    r"|have to|ought to) |(?:please )?make sure (?:that )?(?:you|u) "
    r"|(?:can|could|shall) we (?:please |just )?"
    r"|(?:would|will|could) it be possible (?:for (?:you|u) )?to |(?:is|was) it possible "
    r"(?:for (?:you|u) )?to "
    r"|i (?:want|need) (?:you|u) to |i'd (?:like|prefer|rather) (?:it if )?(?:you|u) (?:to )?"
    r"|i would (?:like|prefer) (?:it if )?you (?:to )?|i think i'd (?:like|prefer|rather) "
    r"(?:it if )?you (?:to )?|you can |you may |go ahead and |feel free to )?"
    r"(?:(?:please|pls|plz)[,]?\s+|just\s+|kindly\s+)*"
)
_FORGET = re.compile(
    _LEAD + r"(?P<verb>(?:" + _DELETE_VERBS + r")(?:ing)?|forgetting|deleting|erasing|removing"
    r"|wiping|clearing|purging|scrubbing|scrapping|scratching|dropping|ditching|discarding"
    r"|binning|losing|getting rid of|letting go of|throwing (?:out|away)|nuking|tossing"
    r"|trashing|zapping"
    r"|resetting|ignoring|disregarding|obliterating|eradicating|destroying|shredding|dumping"
    r"|flushing|emptying)\b"
    r"(?:\s+(?:out|away|off))?\s*(?P<rest>.*)$",
    re.IGNORECASE | re.DOTALL,
)
_STOP_KEEPING = re.compile(
    _LEAD + r"(?:(?:stop|quit)\s+(?:storing|remembering|saving|keeping|tracking|recording"
    r"|logging|noting|retaining|holding on ?to|hanging on ?to|writing|jotting"
    # a light verb with a noun of keeping: "stop making a note of", "quit taking notes on"
    r"|(?:making|taking)(?=\s+(?:a\s+)?(?:note|notes|record|records|log)\s+(?:of|on|about)\b))"
    r"(?:\s+down)?"
    r"|(?:don't|dont|do not|never|not|no longer)\s+(?:ever\s+)?(?P<sverb>store"
    r"|save|keep|track|record|log|remember|retain|hold on to|hang on to|write down|note down)"
    r"|no more (?:storing|remembering|saving|keeping)"
    # a wish that it not be kept: "I'd rather you didn't remember ...", "I don't want you
    # keeping ...": the user's wish about the assistant, with a verb of keeping
    r"|(?P<wish>(?:i'd|i)\s+(?:\w+ly\s+)?(?:would\s+)?(?:(?:much|\w+ly)\s+)?"
    r"(?:rather|sooner|prefer)"
    r"(?:\s+it)?(?:\s+if)?"
    r"\s+(?:you|u)\s+(?:didn't|didnt|did not|not|wouldn't|wouldnt|would not|don't|dont|do not"
    r"|never)"
    r"|i\s+(?:\w+ly\s+)?(?:don't|dont|do not|no longer|no more)\s+want\s+(?:you|u)(?:\s+to)?"
    # no need for it to be kept: "no need to remember ...", "you don't need to know ..."
    r"|(?:there's\s+|there is\s+)?no need (?:for (?:you|u) )?to"
    r"|(?:you|u)\s+(?:don't|dont|do not|needn't|need not|no longer need to|shouldn't|should not)"
    r"(?:\s+need)?(?:\s+to)?)"
    r"\s+(?P<wverb>stor(?:e|ing)|sav(?:e|ing)|keep(?:ing)?|track(?:ing)?|record(?:ing)?"
    r"|log(?:ging)?|remember(?:ing)?|know(?:ing)?|retain(?:ing)?|hold(?:ing)? on to"
    r"|hang(?:ing)? on to"
    r"|writ(?:e|ing) down|not(?:e|ing) down))"
    r"(?:\s+(?:track|tabs|note|a note|a record|records|notes)\s+(?:of|on|about))?"
    r"\s+(?P<rest>\S.*)$",
    re.IGNORECASE | re.DOTALL,
)

_RESTATED = re.compile(r"(?:the fact )?that (?:i|i'm|i've|i am|my|we|we're|our)\b", re.I)
_PERMISSION = re.compile(
    r"\b(?:you can|you may|feel free to|ok to|okay to|fine to|alright to|start|resume|go back to)"
    r"\s*$",
    re.I,
)
_ALLOW = re.compile(
    _LEAD + r"(?:(?:it's|it is) (?:ok|okay|fine) (?:for you )?to |you can |feel free to )?"
    r"(?:(?:start|resume|go back to)\s+)?(?P<verb>remember(?:ing)?|stor(?:e|ing)|sav(?:e|ing)"
    r"|keep(?:ing)?|track(?:ing)?|know(?:ing)?|hold(?:ing)? on to|hang(?:ing)? on to)"
    r"(?:\s+(?:track of))?\s+(?P<rest>\S.*?)\s+again\b.*$",
    re.IGNORECASE | re.DOTALL,
)

# What comes between the verb and the topic: "what I told you about", "everything you
# know about", "the fact that", "about" ... By structure first: a quantified or general
# head ("whatever", "every detail", "the stuff"), a relative clause whose subject is the
# user or the assistant with any verb of up to three words ("you jotted down", "you've
# picked up", "I mentioned to you"), then the preposition that names the topic.
_HEAD = (
    r"(?:that|what|everything|anything|all|whatever|all (?:of )?the (?:stuff|things|details"
    r"|info|information|data|facts|notes)|(?:the|that|this) (?:stuff|things?|details?|bits?|info"
    r"|information|data|facts?|notes?|part)|(?:each and )?every(?: single| last)? (?:thing|detail"
    r"|bit|fact|piece|scrap)(?: of (?:info|information|data))?|any (?:details?|info"
    r"|information|data))"
)
_REFERENCE = re.compile(
    rf"^(?:{_HEAD}\s+(?:(?:that|which)\s+)?(?:you|u|i|we)(?:'ve|'d|\s+have|\s+had)?"
    r"(?:\s+(?!about\b|regarding\b|concerning\b|on\b|of\b)[\w'-]+){1,3}?"
    r"\s+(?:about|regarding|concerning|on|of|to do with|related to|pertaining to)(?:\s+|$)"
    r"|(?:(?:that|what|everything|anything|all|whatever|the (?:stuff|things?|part|bit)"
    r"|(?:each and )?every(?: single| last)? (?:thing|detail|bit|word))\s+"
    r"(?:i|i've|i have|i had)\s+(?:ever\s+|just\s+)?(?:told|said|mentioned|shared|gave|given|"
    r"tell|say)(?:\s+(?:to\s+|with\s+)?you)?(?:\s+(?:earlier|before))?(?:\s+(?:about|regarding|on|of))?"
    r"|(?:what|everything|anything|all|whatever)(?: (?:that|which))?\s+(?:you|u)\s*(?:'ve|'d|have"
    r"|had)?\s*(?:know|have|got|saved|stored|remember|kept|keep|learned|learnt|recorded|hold"
    r"|collected)(?:\s+(?:saved|stored|on file|down))?(?:\s+(?:about|regarding|on|of))?"
    r"|(?:any|all|every|each)\s+(?:single\s+)?(?:mentions?|references?|traces?|records?"
    r"|notes?)\s+(?:of|to|about|on)"
    # where the memory keeps it: "your memory of my job", "the record of my allergy"
    r"|(?:your|the|any|all)\s+(?:memory|memories|records?|notes?|files?|entry|entries"
    r"|knowledge)\s+(?:of|on|about|regarding|concerning)"
    # the assistant's knowing as the object: "(that) you ever knew where I work"
    r"|(?:that\s+)?(?:you|u)\s+(?:ever\s+|even\s+)?(?:knew|know|heard|learned|learnt|found out)"
    r"(?:\s+(?:about|of))?"
    r"|(?:(?:i|i've|i have)\s+(?:ever\s+|just\s+|even\s+)?(?:told|said|mentioned|shared)"
    r"(?:\s+(?:to\s+)?you)?(?:\s+(?:about|that))?)"
    r"|(?:everything|anything|all|whatever|(?:the\s+|your\s+|any\s+|all\s+(?:of\s+)?(?:the\s+"
    r"|your\s+)?)?(?:stuff|things?|bits?"
    r"|notes?|info|information|details?|data|facts?|part|records?|entry|entries))\s+"
    r"(?:(?:that\s+)?(?:has|had|have)\s+)?"
    r"(?:to do with|related to|relating to|connected to|concerning|about|regarding|on|of"
    r"|pertaining to|in relation to|with regard to|with respect to|linked to|involving)"
    r"|about|regarding|the fact that|that)(?:\s+|$))",
    re.IGNORECASE,
)

# A trailing clause is not part of the topic: "my sulfite allergy — it was a misdiagnosis",
# "where I live, it's not true anymore", "my job. I quit."
_TAIL = re.compile(
    r"\s*(?:[—–;:(]|\s-\s|[.!?](?:\s|$)|,\s*(?:it|that|this|they|because|since|cause|as|but"
    r"|so|which|i|i'm|i'd|we|turns out|apparently|not|thanks|thank|ok|okay|keep|leave|but"
    r"|the (?:rest|others?)|everything else|all the rest|pls|plz|thx|ty|lol|haha)\b"
    r"|\s(?:because|since|cause|as it|as that|as i|it was|it's|it is|that was|that's|but"
    r"|that is|which|turns out|anymore|any more|any longer|from now on|going forward"
    r"|(?:from|out of|in|on) (?:your |my |the )?(?:memory|memories|records?|profile|notes|files?"
    r"|system|database|list)|on (?:file|record)"
    r"|for now|for good|permanently|right now|now|so far|until now|up to now|to date|already"
    r"|to (?:zero|nothing|scratch|square one)|from (?:scratch|zero|nothing|the start)"
    r"|asap|as well|too|these days|nowadays|at the moment|currently|lately|earlier|before"
    r"|yesterday|last (?:week|time|month|night)|the other day|a while (?:ago|back)"
    r"|please|pls|plz|thanks|thx|lol|haha|(?:as )?per|in line with|in accordance with"
    r"|according to|under (?:the )?(?:gdpr|law|rules?)|if (?:that's|that is"
    r"|it's|it is|you can|possible|you don't mind)|privacy reasons|ok\??$|okay\??$)\b).*$",
    re.IGNORECASE | re.DOTALL,
)

# Words that make a topic personal, or say the memory is meant: without one, "delete",
# "remove" or "clear" is an editing request ("remove duplicates from this list").
_PERSONAL = re.compile(
    r"\b(?:my|mine|me|myself|i|i'm|i've|our|ours|us|we|you know|you have|you've|you saved"
    r"|you stored|you remember|your memory|from memory|told you|said)\b",
    re.IGNORECASE,
)
_EDITING = re.compile(r"\b(?:from|in|out of|off)\s+(?:the|this|that|these|those|a|an)\b", re.I)
_MEMORY_MEANT = re.compile(
    r"\b(?:you know|you have|you've|you saved|you stored|you remember|your memory|memory"
    r"|memories|your (?:records?|notes|files?)|my (?:profile|records?)"
    r"|told you|said to you|you've got|on (?:file|record))\b",
    re.IGNORECASE,
)

_TOTAL = frozenset(
    "everything all whatever anything lot data info information memory memories profile "
    "me myself mine slate records history conversations chats details".split()
)
_GENERIC = _TOTAL | frozenset(
    "it of that this the about on from my your you i know have got ve saved stored "
    "remember kept keep details stuff record file clean everything's there is we our us "
    "entirely completely told said mentioned shared ever whole entire out pls plz please ta "
    "thx thanks just fresh personal talked discussed chatted covered".split()
) | frozenset(
    # the quantifier of the whole, after its noun ("my file, every last thing", "the lot,
    # each and every bit"): a closed class
    "every each single last thing things bit bits piece scrap lot".split()
)
_WHO_I_AM = re.compile(
    r"(?:who|what)\s+(?:i\s+am|i'm)|(?:that\s+)?(?:i|i've)\s+(?:exist|existed|ever\s+existed"
    r"|was\s+here|been\s+here)",
    re.IGNORECASE,
)
"""The user as a whole: "forget who I am", "forget I exist"."""
_WORDS = re.compile(r"[^\W\d_]+")

# Words that only wrap a topic: "the whole allergy thing" is the allergy.
_FILLER = re.compile(
    r"\b(?:thing|things|stuff|part|bit|bits|info|information|details?|facts?|business|side"
    r"|story|situation|whole|entire|one|ones|everything|anything|all|data|particulars"
    r"|specifics)\b",
    re.IGNORECASE,
)

# What the user names is a topic, not a fact: "my employer" means the employer fact.
_OWN = re.compile(
    r"^(?:(?:about|regarding|concerning|as for|as to|re:?)\s+)?(?:(?:any|all|some|each|none) of"
    r"\s+)?(?:my|our|the|that|about)\s+",
    re.I,
)
_SPLIT = re.compile(r"\s*(?:,|\band\b|&|\+|\bplus\b|\bas well as\b|\bor\b|/)\s*", re.I)


@dataclass(frozen=True)
class MemoryCommand:
    """A memory command found in a user message.

    Attributes:
        kind: ``remember`` | ``recall`` | ``forget``.
        about: for ``forget``, the topic the user named ("my employer"), trailing clauses
            left out ("what my wife said" for another person's facts: ``match_facts``
            takes that person's, never the user's); for ``remember``, the text to
            remember.
        everything: for ``forget``, the user asked to delete everything.
        stop: for ``forget``, the user asked to stop keeping it ("stop storing where I
            live"), not only to delete what is kept: the topic goes on the user's "do not
            store" list (``langmem_plus.facts.do_not_store``).

        tentative: for ``forget``, a deletion verb other than "forget" whose topic is
            neither one of the user's attributes nor said to be a memory ("drop the gluten
            thing", "delete the last paragraph"): a command only when the topic names a
            stored fact of the user's (``forget_targets``); otherwise an ordinary request,
            left to the model.
        previous: for ``forget``, the command points back at the previous user message
            ("that's not true anymore, remove it"): its facts are meant (``about`` is
            empty). Tentative as well: nothing stored from it, no command.
        keep: for ``forget``, everything but this topic ("forget everything except my
            allergies"): the facts it names are kept, every other one goes.

    ``allow`` ("you can remember where I live again") takes a topic off that list.
    """

    kind: Literal["remember", "recall", "forget", "allow"]
    about: str = ""
    everything: bool = False
    stop: bool = False
    tentative: bool = False
    previous: bool = False
    keep: str = ""


_SYMBOLS = re.compile(r"[^\w\s'’\-.,!?&+/]+\s*$")
"""Emoji and symbols after a topic."""


# A degree adverb before the object ("literally everything", "absolutely all of it",
# "simply my address"): it grades the request, it names nothing.
_DEGREE = re.compile(
    r"^(?:(?:[a-z]+ly|just|simply|quite|pretty much|more or less|like)\s+)+"
    r"(?=(?:every|each|all|any|everything|anything|whatever|my|our|the|that|this|what|which"
    r"|where|who|how)\b)",
    re.IGNORECASE,
)
# A partitive quantifier before the object: "every bit of my data", "each and every piece
# of my info", "every last detail of mine", "any trace of my address": the object is what
# follows "of" (the partitive noun only measures it out).
_PARTITIVE = re.compile(
    r"^(?:each and\s+)?(?:every|each|any|all)\s+(?:single\s+|last\s+|little\s+|tiny\s+)?"
    r"[a-z]+\s+of\s+(?=\S)",
    re.IGNORECASE,
)
# An embedded question as the object: "which city I'm in", "what gym I go to", "which
# company I work for": the user's own one of that noun ("my city", "my gym"); with a verb
# frame of being somewhere ("I'm in", "I live in", "I'm based") and a noun that names no
# attribute ("which part of town I'm in"), where the user lives.
_WH_OBJECT = re.compile(
    r"^(?:which|what|whichever)\s+(?P<noun>[a-z][\w'-]*(?:\s+(?!i\b|i'|we\b|we')[a-z][\w'-]*){0,3}?)"
    r"\s+(?P<clause>(?:i|we)(?:'m|'re|'ve|\s+am|\s+are|\s+have)?\b[^,.;!?—–]*?)"
    r"(?=\s+(?:from|out of|in|on|off)\s+(?:your|my|the)\s+(?:memory|memories|records?|notes"
    r"|files?|profile|system|database|list)\b|\s*[,.;!?—–]|\s+(?:and|but|please|pls|thanks)\b"
    r"|\s*$)",
    re.IGNORECASE,
)
_BEING_SOMEWHERE = re.compile(
    r"\b(?:live|lives|living|based|located|staying|reside|residing|settled)\b|\b(?:in|at)\s*$"
    r"|^(?:i|we)(?:'m|'re|\s+am|\s+are)\s*$",
    re.IGNORECASE,
)


_SAYING = re.compile(
    r"(?:i|we)(?:'ve|'d|\s+have|\s+had)?\s+(?:just\s+|first\s+)?(?:said|say|told|mentioned"
    r"|picked|chose|suggested|asked|wanted|meant|typed|wrote|named|listed|gave|proposed"
    r"|brought up)\b",
    re.IGNORECASE,
)
"""A clause of saying or choosing: the embedded question is about the conversation."""


def _object_phrase(topic: str) -> str:
    """``topic`` with what only grades or measures its object taken off the front (a degree
    adverb, a partitive quantifier), and an embedded question read as the noun it asks
    about ("which city I'm in" -> "my city")."""
    for _ in range(3):
        before = topic
        topic = _PARTITIVE.sub("", _DEGREE.sub("", topic))
        if topic == before:
            break
    wh = _WH_OBJECT.match(topic)
    if wh and _SAYING.match(wh["clause"].strip()):
        wh = None  # "forget which city I mentioned": something said, not the user's own
    if wh:
        noun = wh["noun"].strip()
        own = f"my {noun}"
        if not _names_attribute(own) and _BEING_SOMEWHERE.search(wh["clause"].strip()):
            own = "where I live"  # "which part of town I'm in"
        topic = own + topic[wh.end() :]
    return topic


_RELATED = re.compile(r"\b([^\W\d_]+)-(?:related|based)\b", re.IGNORECASE)
_ABOUT_ME_AFTER = re.compile(
    r"(?<=\S)\s+(?:about|of|on|regarding)\s+(?:me|us|mine|myself)\b(?=\s*(?:$|[,;.!?—–]))",
    re.IGNORECASE,
)


def forget_topic(rest: str) -> str:
    """The topic in what follows a forget verb: memory references and trailing clauses
    taken off, and what only grades or measures the object (``_object_phrase``).

    Example:
        >>> forget_topic("what I said about my work, it changed")
        'my work'
        >>> forget_topic("my sulfite allergy — it was a misdiagnosis")
        'my sulfite allergy'
        >>> forget_topic("which town I'm living in from your notes")
        'my town'
    """
    topic = " ".join(rest.replace("’", "'").split())
    # "food-related stuff about me": the food stuff (the user is who it is about)
    topic = _RELATED.sub(r"\g<1>", topic)
    for _ in range(4):
        stripped = _REFERENCE.sub("", topic, count=1)
        if stripped == topic:
            stripped = _object_phrase(topic)
        if stripped == topic:
            break
        topic = stripped
    topic = _cut_reason(_TAIL.sub("", f" {topic}"))  # " so far": a tail from the start
    topic = _SYMBOLS.sub("", topic)  # "my partner 🙏"
    named = _ABOUT_ME_AFTER.sub("", topic.strip())
    if set(_WORDS.findall(named.casefold())) - _GENERIC:
        topic = named  # "the food stuff about me": the food stuff; "it about me": all
    return topic.strip().strip("\"'“”,").strip()


# A clause has a finite verb: an auxiliary or copula, or a past form ("my GP retested me",
# "the test came back clean"). A segment after a comma that has one is a reason, not a
# further topic ("my job, my city and where I live" are three topics).
_FINITE = re.compile(
    r"\b(?:is|was|were|are|am|be|been|has|had|have|did|does|do|got|came|went|turned|proved"
    r"|seems?|seemed|looks?|looked|said|says|told|made|left|isn't|wasn't|weren't|aren't"
    r"|hasn't|hadn't|didn't|doesn't|won't|can't|couldn't|will|would|should|[a-z]+ed)\b"
    r"|\b[a-z]+'(?:s|re|ve|ll|d)\s+(?!(?:own|one)\b)[a-z]+ed\b",
    re.IGNORECASE,
)
_MORE_TOPIC = re.compile(r"^(?:(?:and|or|&|plus)\s+)?(?:my|our|the|where|what|how|when)\b", re.I)


def _cut_reason(topic: str) -> str:
    head, *rest = topic.split(",")
    kept = [head]
    for part in rest:
        segment = part.strip()
        words = segment.split()
        # "where I live" has a verb but is a topic: its clause is the wh-word's own
        own = re.sub(r"^(?:(?:and|or|&|plus)\s+)?(?:where|what|how|when)\s+\S+\s+\S+", "", segment,
                     flags=re.I)  # fmt: skip
        if not _MORE_TOPIC.match(segment) or len(words) > 6 or _FINITE.search(own):
            break
        if not (own != segment or _names_attribute(segment)):
            break  # "my bad", "the rest": not something the user could have told
        kept.append(part)
    return ",".join(kept)


_EXCEPT = re.compile(
    r"^(?P<head>(?:everything|all|it all|all of it|anything|whatever)\b(?:\s+[\w']+){0,5}?)\s+"
    r"(?:except(?: for)?|but(?: for)?|apart from|other than|besides|save for|aside from)\s+"
    r"(?:(?:keep|leave|retain|save|hold on to|not)\s+)?(?P<keep>\S.*)$",
    re.IGNORECASE,
)
"""Everything but a topic: "everything except my allergies", "it all but my job"."""
_DELETES_IT = re.compile(
    r"\b(?:delete|remove|erase|wipe|purge|nuke|bin|trash|toss|get rid of|expunge|zap)\s+"
    r"(?:it|that|this)\b",
    re.IGNORECASE,
)
_SAID_IT = re.compile(
    r"(?:(?:what|everything|all|the (?:last|previous) (?:thing|bit|message))\s+)?(?:that\s+)?"
    r"(?:i|i've|i have)\s+(?:just\s+|ever\s+|even\s+)?(?:said|told you|mentioned|wrote"
    r"|typed|sent)\b",
    re.IGNORECASE,
)
"""What the user just said, pointed back at: "forget I said that", "what I just wrote"."""
_FRAMED = re.compile(
    r"(?:it|that|this|them|those|these)\s+(?!(?:on file|on record|to yourself|from now on"
    r"|in (?:your |my )?(?:memory|notes|records?|files?))\b)\w+"
    r"|(?:me|us)\s+(?:out|in|up|off|down|on|over|posted|waiting|busy|company)\b",
    re.IGNORECASE,
)
"""A verb of keeping with an object and a complement: "keep it short", "log me out"."""
_POINT_BACK = re.compile(
    r"(?:(?:what|(?:the|that|this|my) (?:last|previous) (?:thing|bit|part|message|one))\s+"
    r"(?:that\s+)?(?:i|i've"
    r"|i have)\s+(?:just\s+)?(?:said|told you|mentioned|wrote|typed|sent)(?:\s+(?:to you|earlier"
    r"|just now))?"
    r"|(?:that\s+)?(?:i|i've|i have)\s+(?:just\s+|ever\s+|even\s+)?(?:said|told you|mentioned"
    r"|wrote|typed)\s+(?:anything|something|that|it|this)(?:\s+(?:to you|at all))?"
    r"|(?:that|the|this|my)\s+(?:last|previous)\s+(?:bit|part|thing|message|one|sentence))",
    re.IGNORECASE,
)
"""The previous message, pointed back at as a whole: "I said anything", "that last bit"."""
_BARE_GENERIC = re.compile(
    r"(?:memories|memory|data|info|information|stuff|things|notes|records|facts|details)",
    re.IGNORECASE,
)
_HABITUAL = re.compile(
    r"\b(?:i|we)\s+(?:tell|say|share|mention|give|type|write|send)\b"
    r"|\bif\s+(?:i|we)\b|\bin (?:principle|general|theory)\b|\bwhen(?:ever)?\s+(?:i|we)\b",
    re.IGNORECASE,
)
_INDEFINITE = frozenset("thing things stuff something anything".split())
_SAID_BY = re.compile(
    r"^(?:what|everything|anything|whatever|all|the (?:stuff|things?|bits?))\s+(?:that\s+)?"
    r"(?P<who>(?:my|our)\s+(?!(?:own|one)\b)[\w'-]+(?:\s+[\w'-]+)?|(?!I\b)[A-Z][\w'-]+)"
    r"\s+(?:said|says|told you|mentioned|shared|wrote|has said|had said|sent)\b",
)
"""What another person said: "what my wife said", "everything Maria told you"."""


def _is_everything(topic: str) -> bool:
    """True for a topic made only of words that name the whole memory: "it all", "me",
    "all my data", "whatever you've got on me" (the memory reference already taken off)."""
    if _WHO_I_AM.fullmatch(topic.split(",")[0].strip()):
        return True
    named = set(_WORDS.findall(topic.split(",")[0].casefold()))
    return bool(named) and named <= _GENERIC and bool(named & _TOTAL)


_PEOPLE = ("partner", "child", "pet", "parent", "sibling", "family_member")
_HEALTH = ("allergy", "intolerance", "accessibility_need", "dietary_restriction")
_CATEGORIES: dict[str, tuple[str, ...]] = {
    # what people call a group of attributes when they ask to forget it ("my health stuff",
    # "the thing about my ex", "my family"): relations and categories, never values
    "allergy": ("allergies", "health", "medical", "medication", "condition", "food"),
    "intolerance": ("intolerances", "health", "medical", "condition", "food", "diet"),
    "accessibility_need": ("health", "medical", "condition", "disability"),
    "dietary_restriction": ("diet", "food", "eating", "eating habits", "what i eat"),
    "dislike": ("dislikes", "food"),
    "city": ("address", "home", "live", "living", "lives", "place", "flat", "apartment", "town",
             "village", "suburb", "house", "neighbourhood", "neighborhood"),
    "employer": ("profession", "occupation", "line of work", "employment", "career", "firm",
                 "organisation", "organization"),
    "job_title": ("line of work", "employment", "career"),
    "country": ("address", "home", "live", "living"),
    "partner": ("ex", "relationship", "love life", "dating", "boyfriend", "girlfriend",
                "husband", "wife", "spouse"),
    "child": ("kiddos", "offspring", "little one", "youngsters", "family", "people",
              "personal life"),
    "pet": ("furry friend", "four-legged friend", "fur baby", "furball", "family", "people",
            "personal life"),
    **{p: ("family", "people", "personal life") for p in _PEOPLE if p not in ("partner",
                                                                          "child", "pet")},
}
FORGET_NAMES: Mapping[str, tuple[str, ...]] = {
    p: (*SLOT_NAMES.get(p, ()), *_CATEGORIES.get(p, ()))
    for p in (*SLOT_NAMES, *_CATEGORIES)
}
"""The names a forget topic may use for an attribute: recall's (``SLOT_NAMES``) and the
categories people group attributes under when they ask to forget them."""

_SLOT_TERMS = tuple(
    t
    for predicate, names in FORGET_NAMES.items()
    for t in map(content_terms, (predicate.replace("_", " "), *names))
    if t
)


def blocked_predicates(topic: str) -> list[str]:
    """The attributes a "stop storing" topic names outright, with nothing narrowing it
    ("where I live" -> city and country; "my sulfite allergy" -> none: only that allergy).

    Example:
        >>> blocked_predicates("where I live")
        ['city', 'country']
        >>> blocked_predicates("my sulfite allergy")
        []
    """
    # "my kids' names" is the kids (whose names), never the user's own name
    clean = _POSSESSED.sub(r"\g<owner>", _clean_topic(topic))
    terms = content_terms(clean)
    if not terms:
        return []
    said = f" {' '.join(_WORDS.findall(clean.casefold()))} "
    found: dict[str, list[frozenset[str]]] = {}
    for predicate, names in FORGET_NAMES.items():
        # a name that is more than its content words ("working on") is named only whole
        whole = [
            n for n in (predicate.replace("_", " "), *names)
            if content_terms(n) and (len(content_terms(n)) == len(n.split()) or f" {n} " in said)
        ]  # fmt: skip
        sets = [t for t in map(content_terms, whole) if t]
        matched = [t for t in sets if t <= terms]
        named = frozenset().union(*matched, *(t for t in _SLOT_TERMS if t <= terms))
        if matched and terms <= named:
            found[predicate] = matched
    # a name inside a longer name of another attribute is that attribute's ("my eating
    # habits" is the diet, not a routine)
    longest = {p: max(m, key=len) for p, m in found.items()}
    return sorted(
        p
        for p, m in found.items()
        if not any(all(t < longest[q] for t in m) for q in found if q != p)
    )


_POSSESSED = re.compile(r"\b(?P<owner>\w+?)(?:'s|s'|')\s+(?:names?|details|info)\b", re.I)
"""A possessor's name or details: "my kids' names", "my husband's name"."""

_NAME_WORDS = frozenset(
    w
    for predicate, names in FORGET_NAMES.items()
    for name in (predicate.replace("_", " "), *names)
    for w in name.casefold().split()
    if len(w) >= 5
)
"""The words of the attributes' names, for ``_spelled``."""


def _names_attribute(topic: str) -> bool:
    terms = content_terms(_idioms(topic))
    return any(t <= terms for t in _SLOT_TERMS)


# Attributes only a person has (allergies, intolerances, needs): "the latex allergy" is the
# user's even without "my" ("delete the latex allergy"), where "the job", "the parent" or
# "the vegan option" may be a cron job, a folder or a menu item.
_OWN_ONLY_TERMS = tuple(
    t
    for predicate in ("allergy", "intolerance", "accessibility_need")
    for t in map(content_terms, (predicate.replace("_", " "), *SLOT_NAMES.get(predicate, ())))
    if t
)


def _names_own_attribute(topic: str) -> bool:
    terms = content_terms(topic)
    return bool(re.match(r"(?:the|that|this)\s", topic, re.I)) and any(
        t <= terms for t in _OWN_ONLY_TERMS
    )


_BASE = {
    "forgot": "forget", "deleted": "delete", "erased": "erase", "removed": "remove",
    "wiped": "wipe", "cleared": "clear", "purged": "purge", "dropped": "drop",
    "scrapped": "scrap", "binned": "bin", "got rid of": "get rid of", "stopped": "stop",
}  # fmt: skip
# A wish of the form "I'd be grateful if you (could) erased ...": the request "please erase
# ...". Only a favourable frame (appreciate, grateful, great ...): "I'd be upset if you
# forgot my birthday" is not a request.
_PAST_WISH = re.compile(
    r"^\s*(?:(?:ok|okay|so|also|and|hi|hey)[,]?\s+)?(?:(?:i'd|i would|i'll|i will|it'd|it would"
    r"|it'll|it will)\s+(?:really\s+|much\s+|so\s+|truly\s+)?(?:appreciate it|love it|like it"
    r"|be (?:so |very |really |most |much |truly )?(?:great|nice|good|best|grateful|glad|happy"
    r"|thankful|helpful|ideal|lovely|awesome|perfect|better|appreciated|amazing|brilliant))"
    r"\s+if|(?:i'd|i would)\s+(?:much\s+|really\s+)?(?:rather|prefer(?:\s+it)?(?:\s+if)?))"
    r"\s+(?:you|u)\s+(?:could\s+|would\s+|can\s+|will\s+|'d\s+)?(?:please\s+|just\s+"
    r"|kindly\s+)*(?P<past>" + "|".join(_BASE) + "|" + _DELETE_VERBS + r")\b",
    re.IGNORECASE,
)
_YA = re.compile(r"\b(?P<modal>can|could|would|will)\s+ya\b", re.IGNORECASE)
_PASSIVE_WISH = re.compile(
    r"^\s*(?:(?:ok|okay|so|and|also|honestly|actually)[,]?\s+)?(?:i'd|i would|i)\s+(?:really\s+)?"
    # the object may be quantified: "I want every single thing about me gone" (#12)
    r"(?:like|want|prefer|need)\s+(?P<what>(?:my|our|all my|all of my|everything|whatever"
    r"|(?:each and )?every(?: single| last)?|all the|any of the)\b[^.!?,]{1,60}?)"
    r"\s+(?:to be\s+)?(?:deleted|removed|erased|forgotten|wiped|gone|scrubbed|purged|cleared)"
    r"\b(?P<tail>.*)$",
    re.IGNORECASE | re.DOTALL,
)
_KEPT_WISH = re.compile(
    r"^\s*(?:(?:ok|okay|so|and|also|honestly|actually)[,]?\s+)?i\s+(?:really\s+)?(?:don't|dont"
    r"|do not|no longer|would rather not|'d rather not)\s+(?:want|like|need)?\s*"
    r"(?P<what>(?:my|our|any of my|anything about my)\b[^.!?,]{1,60}?)\s+(?:to be\s+)?(?:stored"
    r"|saved|kept|remembered|recorded|logged|on file|in your memory)\b(?P<tail>.*)$",
    re.IGNORECASE | re.DOTALL,
)
"""A wish that something not be kept, in the passive: "I don't want my address stored"."""
_MEMORY_PLACE = (
    r"(?:your\s+(?:memory|memories|notes|records?|list|files?|profile|database|system|head)"
    r"|(?:my|the)\s+(?:memory|memories|records?|profile))\b"
)
"""Where the memory is kept: "your notes", "my profile" (never "the file", "my list")."""
_MOVE_OUT = re.compile(
    _LEAD + r"(?:take|get|keep|leave|pull|cut|yank|move|knock|cross|strike)\s+"
    r"(?P<what>(?!(?:it|that|this|them|those)\b)[^.!?]{1,60}?)\s+(?:out of|off|from)\s+"
    + _MEMORY_PLACE + r"(?P<tail>.*)$",
    re.IGNORECASE | re.DOTALL,
)
"""A verb that moves a topic out of the memory: "take my address off your list"."""
_KEEP_OUT = re.compile(
    _LEAD + r"(?:don't|dont|do not|never)\s+(?:include|put|add|write|note|mention|record)\s+"
    r"(?P<what>(?!(?:it|that|this|them|those)\b)[^.!?]{1,60}?)\s+(?:in|into|to|on)\s+"
    + _MEMORY_PLACE + r"(?P<tail>.*)$",
    re.IGNORECASE | re.DOTALL,
)
"""A wish that a topic not go into the memory: "don't include my kids in your notes"."""
_ABBREVIATIONS = re.compile(r"\b(?:abt|bout|abut)\b", re.IGNORECASE)
"""Chat spellings of "about" ("forget abt my job")."""
_CHAT_SPELLINGS = (
    (re.compile(r"\bim\b", re.IGNORECASE), "I'm"),
    (re.compile(r"\bive\b", re.IGNORECASE), "I've"),
    (re.compile(r"\b(hold|holding|hang|hanging)\s+onto\b", re.IGNORECASE), r"\1 on to"),
)
"""Chat spellings of the words the commands are read by ("where im based", "hang onto")."""
_DONE_TO = (
    r"(?:deleted|removed|erased|wiped|forgotten|scrubbed|purged|cleared|binned|scrapped"
    r"|expunged|gone)"
)
_PASSIVE_ASK = re.compile(
    r"^\s*(?:(?:ok|okay|so|and|also|hi|hey)[,]?\s+)?(?:(?:please|pls|plz)\s+)?(?:"
    # "can my allergy info be deleted?", "could all my data be wiped, please?"
    r"(?:can|could|would|will|should)\s+(?P<what>(?:my|our|all (?:of )?my|everything|all the"
    r"|whatever)\b[^.!?,]{1,60}?)\s+(?:please\s+)?(?:be|get)\s+"
    # "(can you) have my address removed", "get my job details deleted"
    r"|(?:(?:can|could|would|will)\s+(?:you|u)\s+(?:please\s+)?)?(?:have|get)\s+"
    r"(?P<had>(?:my|our|all (?:of )?my|everything|whatever)\b[^.!?,]{1,60}?)\s+)"
    + _DONE_TO
    + r"\b(?P<tail>.*)$",
    re.IGNORECASE | re.DOTALL,
)
"""A request in the passive: "can my data be wiped?", "have my address removed please"."""
_CAN_GO = re.compile(
    r"^\s*(?:(?:ok|okay|so|and|also|oh|right)[,]?\s+)?(?P<what>(?:my|the|that|this|those|these"
    r"|your|all my|any)\s[^.!?,]{1,60}?)\s+(?:can|could|should|may|might as well|needs? to|has to"
    r"|ought to)\s+(?:just\s+|now\s+)?(?:(?P<go>go|disappear|vanish)(?!\s+(?:ahead|on|to|there"
    r"|out|back|first|home|well|fine|through|with|in|up|down|off|away|for|into)\b)|be\s+"
    + _DONE_TO
    + r")\b(?P<tail>.*)$",
    re.IGNORECASE | re.DOTALL,
)
"""The topic as the subject of its own going: "that kiwi allergy note can go", "my gym can be
binned". Going alone is said of what is kept ("note", "info"): "my sister can go" is not."""
_NOTHING_KEPT = re.compile(
    r"^\s*(?:[^.!?]{0,40}[:,;—–]\s*)?(?:nothing|none\s+of|not\s+(?:one|any)\s+of)\s+"
    r"(?P<what>[^.!?]{1,60}?)\s+(?:needs?|has|have|is|are)\s+(?:to\s+be\s+|worth\s+)?"
    r"(?:keeping|kept|storing|stored|saving|saved|remembering|remembered|holding on to"
    r"|on file)\b(?P<tail>.*)$",
    re.IGNORECASE | re.DOTALL,
)
"""A negative quantifier as the subject of keeping: "nothing about my job needs keeping",
"none of my health stuff has to be stored": the user asks for it to go."""
_MIND_CHANGED = re.compile(
    r"^\s*(?:(?:m+|hm+|um+|ok|okay|so|actually|well|right|honestly)[,.!]*\s+)*"
    r"(?:i've|i\s+have|i)\s+(?:now\s+)?changed\s+my\s+mind\s+(?:about|on)\s+(?:you|u)\s+"
    r"(?:knowing|keeping|remembering|storing|saving|having|holding\s+on\s+to|tracking)\s+"
    r"(?P<what>[^.!?]{1,60}?)(?P<tail>(?:[.!?]|\s*$).*)$",
    re.IGNORECASE | re.DOTALL,
)
"""A change of mind about the assistant keeping something: "I've changed my mind about you
knowing my address" asks for it to go."""
_KEPT_NOUN = re.compile(
    r"\b(?:notes?|info|information|details?|data|entry|entries|records?|stuff|bits?|facts?)\b",
    re.IGNORECASE,
)


def detect_command(text: str) -> MemoryCommand | None:
    """The memory command in ``text``, or ``None`` for an ordinary message.

    A forget names a topic ("forget my sulfite allergy — it was a misdiagnosis" names
    "my sulfite allergy"), or everything in everyday words ("wipe whatever you've got on
    me"); "stop storing where I live" is a forget that also asks to stop keeping it.
    "Delete", "remove" or "clear" without a personal topic is an editing request, not a
    memory command.

    Example:
        >>> c = detect_command("Remember that I'm vegan.")
        >>> c.kind, c.about
        ('remember', "I'm vegan.")
        >>> detect_command("Remember I'm vegan. What should I cook?") is None
        True
        >>> detect_command("Could you erase everything you know about me?").everything
        True
        >>> detect_command("Stop storing where I live, please").about
        'where I live'
        >>> detect_command("Remove duplicates from this list") is None
        True
        >>> detect_command("I'd rather you didn't keep my address.").stop
        True
        >>> detect_command("The latex allergy was a mix-up, please strike it from your notes").about
        'the latex allergy'
        >>> detect_command("Can you forget things?") is None
        True
    """
    text = _ABBREVIATIONS.sub("about", text.replace("’", "'")).strip()
    for spelling, word in _CHAT_SPELLINGS:
        text = spelling.sub(word, text)
    asked = _PASSIVE_ASK.match(text)
    if asked:  # "can my data be wiped?": "can you delete my data?"
        text = f"can you delete {asked['what'] or asked['had']}{asked['tail']}"
    going = _CAN_GO.match(text)
    if going and going["go"] and not _KEPT_NOUN.search(going["what"]):
        going = None  # "my sister can go": she can come along
    if going:  # "that allergy note can go": "please delete that allergy note"
        text = f"please delete {going['what']}{going['tail']}"
    # "I'd appreciate it if you erased ...": the wish is the request "please erase ..."
    text = _PAST_WISH.sub(lambda m: f"please {_BASE.get(m['past'].lower(), m['past'])}", text)
    text = _YA.sub(r"\g<modal> you", text)
    # "I want my job info gone", "I'd like my address deleted": "delete my job info"
    passive = _PASSIVE_WISH.match(text)
    if passive:
        text = f"please delete {passive['what']}{passive['tail']}"
    mind = _MIND_CHANGED.match(text)
    if mind:  # "I've changed my mind about you knowing X": "forget X"
        text = f"please forget {mind['what']}{mind['tail']}"
    nothing = _NOTHING_KEPT.match(text)
    if nothing:  # "nothing about my job needs keeping any more": "forget my job"
        text = f"please forget {nothing['what']}{nothing['tail']}"
    kept = _KEPT_WISH.match(text)
    if kept:  # "I don't want my address stored": "stop storing my address"
        text = f"please stop storing {kept['what']}{kept['tail']}"
    if not text:
        return None
    if _RECALL.match(text):
        return MemoryCommand("recall")
    allow = _ALLOW.match(text)
    # a permission ("you can", "it's ok to", "start ... again"), not "remember I moved again"
    if allow and not _PERMISSION.search(text[: allow.start("verb")]):
        allow = None
    if allow and content_terms(forget_topic(allow.group("rest"))):
        return MemoryCommand("allow", about=forget_topic(allow.group("rest")))
    moved = _MOVE_OUT.match(text)
    if moved:  # "take my address off your list": "forget my address"
        text = f"please forget {moved['what']}{moved['tail']}"
    kept_out = _KEEP_OUT.match(text)
    if kept_out:  # "don't include my kids in your notes": "stop storing my kids"
        text = f"please stop storing {kept_out['what']}{kept_out['tail']}"
    command = _forget_at_start(text)
    if command is not None:
        return command
    rest_ = is_remember_request(text)
    if rest_ is not None:
        return MemoryCommand("remember", about=rest_)
    back = _pointing_back(text)
    if back is not None:
        return back
    # the command after a short opening clause: "I changed my mind, please delete my diet
    # info", "start over and forget me"; only a command that names the memory or one of the
    # user's attributes ("..., drop the onions" or "..., delete it" is not one)
    for opening in _OPENING.finditer(text[:120]):
        command = _forget_at_start(text[opening.end() :].lstrip())
        # "never mind that, don't store it": the previous message, after a short opening
        if command is not None and (
            not command.tentative or (command.previous and opening.start() < 40)
        ):
            return command
    return None


_OPENING = re.compile(r"\s*[,;:.!?—–]\s*|\s-\s|\s+and\s+", re.I)
"""Where an opening clause before a command may end: punctuation or "and"."""


def _forget_at_start(text: str) -> MemoryCommand | None:
    """The forget or stop-storing command that ``text`` starts with, or ``None``."""
    stop = _STOP_KEEPING.match(text)
    m = stop or _FORGET.match(text)
    if m is None:
        return None
    rest = m.group("rest").strip().lstrip(":—–-").strip()  # "please forget: my allergy"
    after = _STOP_AFTER.search(rest) if stop is None else None
    if after:  # "erase my address and don't note it again": stop storing it, too
        rest = rest[: after.start()]
    # "forget", or "don't remember / store / save": a memory command by its verb alone
    forget_verb = (
        stop is None and m.group("verb").lower().startswith(("forget", "unlearn", "unremember"))
    ) or bool(
        # "don't save / store / record" may be about a file or a meeting: only "remember"
        # names the memory by itself
        stop is not None and re.match(r"remember", stop.group("sverb") or "")
    )
    return _forget_command(
        rest,
        forget_verb=forget_verb,
        stop=stop is not None or after is not None,
        asked=bool(m.group("ask")),
        verb=(m.group("verb") or "") if stop is None else "",
        # "don't track / save / record my X" may be about anything: like "delete", a
        # command for the user's attribute or a stored fact; "stop storing" is the memory
        loose=bool(stop is not None and stop.group("sverb") and not forget_verb),
    )


# A second clause that asks for it not to be kept again, its object pointing back at the
# topic: "..., and don't note it again", "... and never store that", "... — stop saving it".
_STOP_AFTER = re.compile(
    r"(?:\s*[,;—–]\s*|\s+-\s+|\s*[.!]\s+|\s+)(?:(?:and|but|also|then|so)\s+)?"
    r"(?:(?:please|pls|plz|just|kindly)\s+)?(?:(?:don't|dont|do not|never)\s+(?:ever\s+)?"
    r"|(?:and\s+)?stop\s+)(?:store|save|keep|track|record|log|remember|retain|note|write|jot"
    r"|hold on to|hang on to|file|put|add)(?:ing)?(?:\s+down)?\s+(?:it|that|this|them|those"
    r"|any of (?:it|that|this|them))\b(?:\s+down)?[^.!?]*[.!?]*\s*$",
    re.IGNORECASE,
)

_VERBS = _DELETE_VERBS + r"|strike|cross|knock"
# The command of a message that states its topic first and points back at it: "That kiwi
# allergy was a false alarm — can you take it off my record?"
_BACK_COMMAND = re.compile(
    r"^(?:(?:so|and|but|then|now|please|pls|plz|just|kindly)[,]?\s+)*"
    r"(?:(?:can|could|would|will) (?:you|u)\s+(?:please\s+|just\s+|kindly\s+)*"
    r"|(?:you can|you may|feel free to|go ahead and)\s+)?"
    r"(?:(?:please|pls|plz|just)\s+)*"
    rf"(?:(?P<verb>{_VERBS}|(?:don't|do not|never)\s+(?:keep|store|save|remember|hold on to))"
    r"(?:\s+about)?\s+(?P<pron>it|that|this|them|those|that one|this one|her|him)\b"
    r"(?P<tail>[^.!?]{0,60})"
    # a phrasal verb of letting go, asked for: "my work stuff — you can let that go"
    r"|(?P<let>let)\s+(?:it|that|this|them|those)\s+go\b(?P<ltail>[^.!?]{0,60})"
    # the verb alone, its object the topic before it: "my allergy — please erase"
    rf"|(?P<bare>{_VERBS})(?:\s+(?:please|pls|plz|thanks|thx))?"
    # any verb that moves it out of the memory: "yank it out of your notes"
    r"|(?P<any>[a-z]+)\s+(?:it|that|this|them|those)\s+(?P<out>(?:off|out of|from)\s+(?:my|your"
    r"|the)\s+(?:records?|notes|memory|memories|list|files?|profile)\b[^.!?]{0,30}))"
    r"[.!?]*\s*$",
    re.IGNORECASE,
)
_CLAUSES = re.compile(r"(?<=[.!?;:])\s+|\s*[—–]\s*|\s+-\s+|,\s*")
_DETERMINER = re.compile(r"^(?:my|our|the|that|this|those|these)$", re.IGNORECASE)
_AUX_OR_PAST = re.compile(
    r"^(?:is|was|were|are|has|had|have|got|came|went|turned|proved|seems|seemed|isn't|wasn't"
    r"|never|[a-z]+ed|(?:it|that|this|he|she|there|what|who|where|here)'s|[a-z]+'(?:re|ve|ll|d|m))$",
    re.IGNORECASE,
)


def _subject_phrase(statement: str) -> str:
    """The noun phrase a statement is about: from its first determiner to its verb
    ("my peanut allergy was a mix-up" -> "my peanut allergy"), a statement that is only a
    short noun phrase ("the kiwi thing"), or the words before a colon ("kiwi allergy: a
    false alarm"); else ``""``."""
    if ":" in statement:
        statement = statement.split(":", 1)[0]
    words = statement.split()
    if 0 < len(words) <= 5 and not any(
        _AUX_OR_PAST.match(w.strip(",;:.!?")) for w in words
    ):
        return " ".join(words).strip(",;:.!?")
    for i, word in enumerate(words):
        if _DETERMINER.match(word):
            phrase: list[str] = [word.lower()]
            for w in words[i + 1 : i + 6]:
                if _AUX_OR_PAST.match(w.strip(",;:")):
                    return " ".join(phrase) if len(phrase) > 1 else ""
                phrase.append(w)
            return ""
    return ""


def _pointing_back(text: str) -> MemoryCommand | None:
    """A topic stated first, then a command that points back at it with a pronoun: the
    topic is the statement's subject. It must be one of the user's attributes, or the
    command must say the memory is meant ("strike it from your notes")."""
    if len(text) > 300:
        return None
    clauses = [c for c in _CLAUSES.split(text) if c and c.strip()]
    at = 0
    for i, clause in enumerate(clauses[1:], start=1):
        at = text.find(clause, at + 1)
        m = _BACK_COMMAND.match(clause.strip())
        if m is None:
            continue
        first = detect_command(text[:at].rstrip(" ,;:—–-"))
        if first is not None and first.kind == "forget" and not first.tentative:
            # "forget everything I told you. wipe it all": the pronoun points back at the
            # command before it, said twice; the first says what goes (#12)
            return first
        if m.group("let"):
            # "let it go" is "never mind" unless asked for ("you can let that go") of a
            # topic that stands alone before it ("my work stuff — ..."), not a statement
            earlier_ = " ".join(clauses[:i])
            asked_ = re.match(
                r"(?:\W*(?:so|and|but|then|now)\s+)?(?:please|pls|can you|could you|you can"
                r"|you may|feel free to|go ahead and)\b",
                clause.strip(),
                re.IGNORECASE,
            )
            if not asked_ or len(earlier_.split()) > 6 or any(
                _AUX_OR_PAST.match(w.strip(",;:.!?")) for w in earlier_.split()
            ):
                return None
            verb, tail = "forget", m.group("ltail")
        elif m.group("any"):
            verb, tail = "remove", m.group("out")
        elif m.group("bare"):
            verb, tail = m.group("bare").lower(), ""
        else:
            verb, tail = m.group("verb").lower(), m.group("tail")
            if verb.startswith(("don't", "do not", "never")):
                verb = "forget"  # "don't keep it": the memory is meant
        if verb in ("strike", "cross", "knock") and not re.search(
            r"\b(?:off|out|from)\b", tail, re.I
        ):
            return None  # "cross it" alone is not a deletion
        # "Remember how I said I live in Oslo? Forget that.": what was said is the topic
        earlier = _RECALLED.sub("", " ".join(clauses[:i]))
        back = _NEVER_MIND.sub("", _FILLERS_LEAD.sub("", earlier)).strip(" ,;:.!?")
        if _POINT_BACK.fullmatch(back):
            # "nvm that last thing I said, delete it": the previous message as a whole
            return MemoryCommand("forget", tentative=True, previous=True)
        ref = _REFERENCE.match(earlier)
        if ref and _TOLD.search(ref.group(0)) and content_terms(forget_topic(earlier)):
            # "that thing I told you about my job — drop it": a memory reference names it
            return MemoryCommand("forget", about=forget_topic(earlier))
        topic = _FILLERS_LEAD.sub("", _subject_phrase(earlier))  # "ok so about my job..."
        topic = forget_topic(topic) or topic  # "the part about my allergy": my allergy
        if not topic or set(_WORDS.findall(topic.casefold())) <= _PRONOUNS:
            stated = _FILLERS_LEAD.sub("", earlier).strip(" ,;:.!?")
            stated = " ".join(_NOT_SO.sub(" ", stated).split())  # what it was about
            if _FIRST_PERSON.search(stated) and content_terms(stated):
                # "turns out I'm not allergic to kiwi, so scrap that": the statement before
                # it, never the previous message; a command only if it names a stored fact
                return MemoryCommand("forget", about=stated, tentative=True)
            # "that's not true anymore, remove it": the previous message is meant
            if verb in ("strike", "cross", "knock", "forget") or m.group("any"):
                return None
            return MemoryCommand("forget", tentative=True, previous=True)
        if not (_names_attribute(topic) or _MEMORY_MEANT.search(tail)):
            if verb == "forget":
                return None  # "my gym pass ran out, so forget it": never mind
            # "the kiwi thing, bin it": a command if it names a stored fact
            return MemoryCommand("forget", about=topic, tentative=True)
        return MemoryCommand("forget", about=topic)
    return None


_PRONOUNS = frozenset("it that this them those one".split())
_SPEAKER = frozenset("me myself us".split())
"""The speaker as the object of a verb of attention ("ignore me", "disregard me"): what
they are saying, not what is kept about them ("forget me" is the memory)."""
_NOT_SO = re.compile(
    r"\b(?:turns? out|after all|any ?more|any longer|no longer|not|don't|do not|didn't"
    r"|never|these days)\b|n't\b",
    re.IGNORECASE,
)
"""Negation and aspect: "I don't have the tortoise any more" is about the tortoise."""
_FIRST_PERSON = re.compile(r"\b(?:i|i'm|i've|i'd|i'll|i was|we|we're|we've|my|our)\b", re.I)
_ANAPHORIC = re.compile(
    r"(?:(?:the|that|this|those|these|my|our)\s+)?(?:old|older|previous|last|other|former"
    r"|earlier|first|current|existing|original|usual|present)\s+(?:one|ones)",
    re.IGNORECASE,
)
"""A noun phrase that points at something said in the message ("the old one")."""
# "drop" with a place or "off": taking someone or something somewhere, not forgetting
_DROP_OFF = re.compile(
    r"\b(?:off|at|to|outside|near|by)\s+(?:the|a|an|my|our|his|her|their|school|work|home"
    r"|\d)|\boff\b",
    re.IGNORECASE,
)
_RECALLED = re.compile(
    r"^\s*(?:(?:do you |you )?remember|you know|recall)\s+(?:how|when|that|what)\s+(?=i\b|i')",
    re.IGNORECASE,
)
_NEVER_MIND = re.compile(r"^(?:nvm|never\s*mind|nevermind)[,.!]*\s+", re.IGNORECASE)
_FILLERS_LEAD = re.compile(
    r"^(?:(?:ok|okay|so|and|um+|uh+|well|hey|right|hmm+|oh)[,.]*\s+)+", re.IGNORECASE
)
_TOLD = re.compile(
    r"\b(?:told|said|mentioned|shared|gave|know|knew|saved|stored|remember|kept|recorded|noted"
    r"|learned|learnt|collected)\b",
    re.IGNORECASE,
)
"""A memory reference's verb: what the user told, what the assistant keeps."""


def _forget_command(
    rest: str, *, forget_verb: bool, stop: bool, asked: bool, verb: str = "", loose: bool = False
) -> MemoryCommand | None:
    if len(rest) > 300:
        return None
    # The command is the first sentence; what follows is a reason ("... ? We broke up.").
    # A question is a command when it is asked as a request ("can you forget ...?") or
    # uses "forget" itself; "delete my account?" alone is not one.
    head = re.split(r"(?<=[.!?])\s+", rest.strip(), maxsplit=1)[0]
    if head.endswith("?") and not (asked or forget_verb or stop):
        return None
    clean = head.rstrip(" ?.!")
    # How forgetting works, not a request: a habitual or conditional reference ("everything
    # I tell you", "stuff, if I ask") or an indefinite object ("can you forget things?").
    habitual = _HABITUAL.search(clean)
    if (
        not stop
        and habitual
        # "my location — I share this account": a first-person clause after a break is
        # the reason, not a relative clause of the topic ("everything I tell you")
        and not (
            re.match(r"(?:i|we)\s", habitual.group(0), re.IGNORECASE)
            and re.search(r"[,;—–]|\s-\s", clean[: habitual.start()])
        )
    ):
        return None
    if stop and _FRAMED.match(clean):
        return None  # "don't keep it short", "don't log me out", "don't save it as a PDF"
    if (
        verb.casefold().startswith("drop")
        and _DROP_OFF.search(clean)
        and not (re.search(r"\babout\b", clean, re.I) or _MEMORY_MEANT.search(clean))
    ):
        return None  # "dropping my sister at the airport", "drop the kids off at 8": errands
    if _POINT_BACK.fullmatch(_TAIL.sub("", f" {clean}").strip()):
        # "forget I said anything", "the last thing I said", "that last bit": the
        # previous message
        return MemoryCommand("forget", tentative=True, previous=True)
    said = _SAID_BY.match(clean)
    about_me = said and re.match(
        r"\s+(?:to (?:you|me)\s+)?(?:about|regarding|on)\s+(?P<topic>(?:my|our|me)\b.*)$",
        clean[said.end() :],
        re.IGNORECASE,
    )
    if said and not about_me:  # "forget what my wife said": that person's facts
        return MemoryCommand("forget", about=f"what {said.group('who')} said", stop=stop)
    # "what my doctor said about my allergy": the user's allergy
    topic = forget_topic(about_me.group("topic")) if about_me else forget_topic(clean)
    but = _EXCEPT.match(clean)
    if but and not _is_everything(forget_topic(but["head"])):
        but = None  # "everything about my job but keep my city": my job, not all but the city
    if but and content_terms(forget_topic(but.group("keep"))):
        # "everything except my allergies": all but what it names
        return MemoryCommand("forget", about="everything", keep=forget_topic(but.group("keep")))
    if _BARE_GENERIC.fullmatch(topic.strip()):
        return None  # "can you delete memories?": how it works, nothing named
    quantified = re.compile(
        r"(?:everything|all|anything|whatever|(?:each and )?every(?: single| last)?"
        r" (?:thing|detail|bit|word|scrap|piece)s?)\b",
        re.I,
    )
    # the topic past its quantifier: "every single thing about me" is about "me"
    past = quantified.match(topic)
    named_rest = topic[past.end() :] if past else topic
    whole = quantified.match(clean) and (
        not named_rest.strip() or set(_WORDS.findall(named_rest.casefold())) <= _GENERIC
    )
    said_of = set(_WORDS.findall(topic.split(",")[0].casefold()))
    if (
        verb.casefold().startswith(("ignor", "disregard"))
        and said_of
        and said_of <= _SPEAKER
        and re.match(r"(?:me|myself|us)\b", clean, re.IGNORECASE)  # the verb's own object
    ):
        # "ignore me, it's Tuesday": what the speaker just said is set aside (the
        # statement after it is the correction the extractor reads), never the memory
        return None
    if whole or _is_everything(topic):  # "everything I ever told you", "it all"
        return MemoryCommand("forget", about="everything", everything=True, stop=stop)
    if _REPLACED.search(rest):
        # "scratch what I said about X — my dentist is Y": the old value set aside for a
        # new one is a correction (the extractor's: the new value, superseding the old),
        # not a deletion that would lose the new value
        return None
    if set(_WORDS.findall(topic.casefold())) <= _PRONOUNS:
        # "scratch that, please delete it", "forget I said that": the previous message;
        # "forget it" alone is "never mind"
        # "scratch that, make it shorter" is an edit: "scratch", "drop" or "forget" with a
        # pronoun points back at a message only with a deletion of it ("... delete it")
        # "don't save that", "you don't need to remember that": what was just said is not
        # to be kept (only it: nothing goes on the do-not-store list)
        referred = _SAID_IT.match(clean) is not None
        if stop or referred or _DELETES_IT.search(f"{verb} {rest}"):
            return MemoryCommand("forget", tentative=True, previous=True)
        return None
    if set(_WORDS.findall(topic.casefold())) <= _INDEFINITE:
        return None  # "can you forget things?": nothing named
    if _ANAPHORIC.fullmatch(topic.strip()):
        # "new goal, forget the old one": the one this message replaces, never a stored
        # fact named by it; a command only if it does name one
        return MemoryCommand("forget", about=topic, stop=stop, tentative=True)
    named = content_terms(_OWN.sub("", _idioms(topic)))
    if not named or not content_terms(_OWN.sub("", _idioms(topic.split(",", 1)[0]))):
        return None  # nothing named, or "forget it, let's talk about Rome"
    meant = _MEMORY_MEANT.search(clean) or _ABOUT_ME_REF.search(clean)
    if not stop and not (meant or _names_attribute(topic)):
        # an option set aside for another: "forget the hotel, book a flat", "let's forget
        # the budget and just plan the route", "forget Paris — how about Rome?"
        if _ALTERNATIVE.search(clean) or (
            not _PERSONAL.search(topic) and _IMPERATIVE_AFTER.search(clean)
        ):
            return None
        if forget_verb and not (_PERSONAL.search(clean) or _names_own_attribute(topic)):
            # "forget Tromsø", "forget the Lisbon flat": a command when it names a stored
            # fact of the user's; "forget the hotel" otherwise is for the model
            return MemoryCommand("forget", about=topic, tentative=True)
    if not forget_verb and not meant:
        # "delete", "remove", "clear": an editing request when the topic is inside
        # something ("my name from the document"). A personal topic that is one of the
        # user's attributes ("my employer"), a fact restated as a clause ("delete that I'm
        # vegan") or, for "stop storing ...", any personal topic is a command; anything
        # else ("drop the gluten thing", "delete the last paragraph") is one only if it
        # names a stored fact of the user's (``tentative``: ``forget_targets``).
        inside = _INSIDE.search(clean)
        if inside:
            # "the record of my allergy": the "of" is the memory reference's, which the
            # topic starts after; "the intro from my essay" is inside a thing
            at = clean.casefold().find(topic.casefold()) if topic else -1
            if 0 < at and inside.start() < at < inside.end():
                inside = None
        if _EDITING.search(clean) or (inside and not _names_attribute(inside.group("what"))):
            return None
        personal = _PERSONAL.search(clean) or _names_own_attribute(topic)
        restated = re.match(_RESTATED, clean)
        if not (personal and ((stop and not loose) or restated or _names_attribute(topic))):
            return MemoryCommand("forget", about=topic, stop=stop, tentative=True)
    return MemoryCommand("forget", about=topic, stop=stop)


# A clause after the set-aside one that gives the value in its place: "my dentist is Dr
# Y", "the right name is Y". A bare copula needs a name or number after it ("my boss is a
# nightmare" is a reason, not a new value).
_REPLACED = re.compile(
    r"(?:[,;:—–]|\s-\s|[.!?])\s*(?i:(?:and|but|so|no|sorry|oops)[,]?\s+)?"
    r"(?i:(?:(?:my|our)\s+(?:[\w'-]+\s+){0,2}?[\w-]+|the\s+(?:right|correct|real|actual"
    r"|proper)\s+[\w-]+)(?:'s|\s+is|\s+are)\s+)"
    r"(?:(?i:actually|really|in fact|now|correctly)\b|(?i:dr\.?\s+)?[A-Z0-9])",
)
"""A replacement clause after a set-aside value that names the attribute it sets anew
("— my dentist is Dr Y", "; the right address is 4 Elm Row"): the statement the extractor
reads as the new value. A clause that names no attribute ("it's actually Y") is left to the
forget, which at least takes the old value away."""

_ALTERNATIVE = re.compile(
    r"(?:[,;:—–]|\s-\s|\band\b)\s*(?:just\s+)?(?:let's|lets|let us|how about|what about"
    r"|why don't we|why not|we(?:'ll| will| can| could| should)|i(?:'ll| will) (?:just )?"
    r"(?:go|take|use|pick|do))\b|\binstead\b|\brather than\b",
    re.IGNORECASE,
)
"""Another option put forward after the one set aside ("..., let's do pasta")."""
_IMPERATIVE_AFTER = re.compile(
    r"(?:[,;—–]|\s-\s|\band\s+just\b)\s*(?:just\s+)?(?!(?:it|its|it's|that|that's|this|they|they're|he|"
    r"he's|she|she's|we|we're|i|i'm|i've|i'd|you|my|our|the|a|an|because|since|cause|as|but|so"
    r"|which|turns|apparently|not|no|thanks|thank|ok|okay|please|pls|plz|thx|ty|lol|haha|keep"
    r"|leave|and|or|plus|also|too|either|where|what|how|when|who|all|everything|anything"
    r"|any|every|each|both|none|never|now|then)\b)[a-z]+\s+(?:a|an|the|some|me|us|it|my|our"
    r"|to|for|on|with)\b",
    re.IGNORECASE,
)
"""A bare verb with its object or complement after the set-aside option ("..., book a
flat", "... and just plan the route"): a request of its own."""


# What the assistant picked up about the user, with any verb: "everything you noted about
# my ...", "whatever you gathered on me": the memory is meant, so a topic that names nothing
# is answered "nothing matched", not left to the model.
_ABOUT_ME_REF = re.compile(
    r"\b(?:you|u)(?:'ve|'d|\s+have|\s+had)?(?:\s+[\w'-]+){1,3}?\s+(?:about|on|regarding"
    r"|concerning)\s+(?:me|my|myself|where i|what i|how i|when i|who i)\b",
    re.IGNORECASE,
)


# Something inside a thing the user works on, not the memory: "remove the peanuts from my
# recipe", "drop the intro from my essay" (but "from my profile" is the memory).
_INSIDE = re.compile(
    r"\b(?:from|in|of|out of|off)\s+(?:my|our|your)\s+(?!(?:memory|memories|records?|notes"
    r"|profile|files?|data)\b)(?P<what>\w+)",
    re.IGNORECASE,
)


# A memory reference after the topic: "the medical things I told you", "my job stuff you
# saved", "the bit about my ex that I mentioned".
_TRAILING_REF = re.compile(
    r"\s+(?:(?:that|which)\s+)?(?:(?:i|i've|i have|i had)\s+(?:ever\s+|just\s+)?(?:told|said"
    r"|mentioned|shared|gave|given)|(?:you|u)\s*(?:'ve|have|had)?\s*(?:know|have|got|saved"
    r"|stored|remember|kept|recorded))(?:\s+(?:to\s+)?(?:you|u|me))?(?:\s+(?:earlier|before"
    r"|about|on file))?\s*$",
    re.IGNORECASE,
)


# Set phrases that name an attribute with words that name none, or another one: "what I
# do for a living" is the job (not where the user lives), "where I work out" the gym (not
# the employer), "where I'm from" the home town.
_IDIOMS = (
    (re.compile(r"\b(?:(?:what\s+)?(?:i|we)\s+)?(?:do|did|does|doing)\s+for\s+(?:a\s+)?living\b"
                r"|\bfor\s+a\s+living\b", re.I), "job"),
    (re.compile(r"\bwork(?:s|ed|ing)?\s+out\b", re.I), "workout"),
    (re.compile(r"\bwhere\s+(?:i'm|i am|i was|i come|i came|we're|we are|we come)\s+from\b"
                r"|\bwhere\s+(?:i|we)\s+grew\s+up\b", re.I), "hometown"),
)  # fmt: skip


def _idioms(topic: str) -> str:
    for pattern, name in _IDIOMS:
        topic = pattern.sub(name, topic)
    return topic


def _clean_topic(about: str, *, filler: bool = True, spell: bool = True) -> str:
    """The topic's naming words: the memory reference, the possessive and (``filler``) the
    words that only wrap it taken off, set phrases read as the attribute they name,
    (``spell``) misspelt attribute names corrected."""
    topic = _OWN.sub("", _idioms(_TRAILING_REF.sub("", forget_topic(about))).strip())
    topic = _named_owner(_of_complement(topic))
    if filler:
        topic = _FILLER.sub(" ", topic)
    return " ".join(_spelled(w) if spell else w for w in topic.split())


# "place of work", "the details of my allergies", "name of my dog": a head noun with an
# "of" complement; the complement says which attribute is meant (#12)
_HEAD_OF = re.compile(
    r"^(?:(?:my|our|the|any|all|every)\s+)?(?:[^\W\d_]+\s+)?[^\W\d_]+\s+of\s+(?P<rest>.+)$",
    re.IGNORECASE,
)


def _of_complement(topic: str) -> str:
    """The complement of a head noun's "of" phrase when it names an attribute ("place of
    work" -> "work", not a place the user lives); ``topic`` otherwise ("a couple of
    things" names no attribute by its complement, so it is read whole).

    Example:
        >>> _of_complement("place of work"), _of_complement("the name of my dog")
        ('work', 'my dog')
        >>> _of_complement("a couple of things")
        'a couple of things'
    """
    m = _HEAD_OF.match(topic.strip())
    if m is None or not _names_attribute(m.group("rest")):
        return topic
    return m.group("rest").strip()


# "my husband's name", "the kids' names": a possessor's name, said with the possessive
_OWNER_NAME = re.compile(r"^(?P<owner>.+?)(?:'s|(?<=s)')\s+names?$", re.IGNORECASE)


def _named_owner(topic: str) -> str:
    """The possessor when the topic is its name and the possessor is one of the user's
    attributes or people ("husband's name" -> "husband": the person fact is the name, as
    "the name of my husband" is); ``topic`` otherwise ("Ana's name" is matched by the
    value it holds).

    Example:
        >>> _named_owner("husband's name"), _named_owner("kids' names")
        ('husband', 'kids')
        >>> _named_owner("Ana's name"), _named_owner("name")
        ("Ana's name", 'name')
    """
    m = _OWNER_NAME.match(topic.strip())
    if m is None or not _names_attribute(m.group("owner")):
        return topic
    return m.group("owner").strip()


def _held_spelling(about: str, facts: Sequence[Fact], *, filler: bool = True) -> str:
    """``_clean_topic``, except that a word a stored fact holds is never "corrected" into
    an attribute's name: "the stuff about olives" is the olives, never where the user
    lives."""
    topic = _clean_topic(about, filler=filler)
    plain = _clean_topic(about, filler=filler, spell=False)
    if topic == plain:
        return topic
    held = frozenset().union(*(content_terms(f"{f.object} {f.text}") for f in facts))
    return plain if (content_terms(plain) - content_terms(topic)) & held else topic


def _spelled(word: str) -> str:
    """An attribute's name for a misspelling of it one letter off ("alergy" -> "allergy",
    "adress" -> "address"); other words as they are. Only words of six letters or more,
    and only when exactly one name is that close; a capitalised word is a name ("Hobbes",
    a pet), never corrected."""
    low = word.casefold()
    if len(low) < 6 or not low.isalpha() or low in _NAME_WORDS or word.istitle():
        return word
    # a slip keeps the first letter ("alergy"); another first letter is another word
    # ("olives" is not "lives")
    close = [
        n
        for n in _NAME_WORDS
        if n[0] == low[0] and abs(len(n) - len(low)) <= 1 and _one_edit(low, n)
    ]
    return close[0] if len(close) == 1 else word


def _one_edit(a: str, b: str) -> bool:
    """True when ``a`` becomes ``b`` by one insertion, deletion, substitution or swap of
    two neighbouring letters."""
    if a == b:
        return False
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        return len(diff) == 1 or (
            len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]]
            and a[diff[1]] == b[diff[0]]
        )  # fmt: skip
    short, long_ = (a, b) if len(a) < len(b) else (b, a)
    return any(long_[:i] + long_[i + 1 :] == short for i in range(len(long_)))


def _of_named_attributes(topic: str, found: Sequence[Fact]) -> list[Fact]:
    """``found`` without the user's facts of other attributes when ``topic`` is made of
    attributes' names alone (``blocked_predicates``): "my employer" and "where I work" name
    the employer (and the job title), so the routine "works nights" that shares the word is
    not theirs; a topic that names no attribute outright ("the night shifts") keeps every
    fact its words name. A fact whose own attribute the topic names outright is named as
    well, when that attribute is not one of the known ones ("my address" names a held
    ``address`` as much as the city; "my landlord" a held ``landlord``)."""
    named = blocked_predicates(topic)
    if not named:
        return list(found)
    return [
        f
        for f in found
        if f.subject != "user"
        or f.predicate in named
        or profile_family(f.predicate) in named
        or content_terms(f.object) == content_terms(topic)
        or _names_its_attribute(topic, f)
        or _is_named_by(f, named)
    ]


def _is_named_by(fact: Fact, predicates: Sequence[str]) -> bool:
    """True when the user's fact's attribute is not a known one and its name is one of the
    names of ``predicates`` ("address" is a name of the city: a held ``address`` is
    where the user lives as much as the city is)."""
    own = content_terms(fact.predicate.replace("_", " "))
    if fact.subject != "user" or not own or fact.predicate in FORGET_NAMES:
        return False
    return any(own == content_terms(n) for p in predicates for n in FORGET_NAMES.get(p, ()))


def _names_its_attribute(topic: str, fact: Fact) -> bool:
    """True when the topic says the user's fact's own attribute name and otherwise only
    names of attributes ("my address", "my home address" for a held ``address``)."""
    if fact.subject != "user" or fact.predicate in _PEOPLE:
        return False
    terms = content_terms(topic)
    own = content_terms(fact.predicate.replace("_", " "))
    if not own or not own <= terms:
        return False
    rest = terms - own
    return not rest or rest <= frozenset().union(*(t for t in _SLOT_TERMS if t <= rest))


def _by_names(topic: str, fact: Fact) -> bool:
    """True when the topic is made only of names of the user's fact's attribute, several
    at once ("my home address": two names of the city). People are matched by relation
    (``names_topic``: "my son" is not a daughter), never here."""
    if fact.subject != "user" or fact.predicate in _PEOPLE:
        return False
    terms = content_terms(topic)
    names = (fact.predicate.replace("_", " "), *FORGET_NAMES.get(fact.predicate, ()))
    covered = frozenset().union(*(t for t in map(content_terms, names) if t and t <= terms))
    return bool(covered) and terms <= covered


def _names_value(topic: str, fact: Fact) -> bool:
    """True when the topic names the fact's value in words that wrap it ("the Lisbon flat",
    "the Quillfeather stuff", "the designer thing"): a word of the value, and no word
    outside the fact that names another attribute or a person ("my sister in Porto" is
    not the user's city)."""
    terms = content_terms(topic)
    if fact.subject != "user" or not content_terms(fact.object) & terms:
        return False
    rest = terms - content_terms(f"{fact.text} {fact.object} {fact.predicate.replace('_', ' ')}")
    return len(rest) <= 2 and not any(t <= rest for t in _SLOT_TERMS)


_PEOPLE_FRAME = content_terms("name named names called")
"""The words of the frame a fact about a person is said in ("Has a son named Leo")."""


def _by_relation(topic: str, facts: Sequence[Fact]) -> list[Fact]:
    """Another person's facts that ``topic`` names by the user's relation to them: for each
    person of the user's the topic names by relation ("my sister" -> "Has a sister named
    Noor"), the facts held under their name (``person:noor``), matched with the name in
    place of the relation words ("where my sister lives" -> "where Noor lives")."""
    terms = content_terms(topic)
    out: list[Fact] = []
    for person in facts:
        if person.subject != "user" or person.predicate not in _PEOPLE:
            continue
        key = normalize_holder(person.object)
        if key in (None, "user") or not mentions_relation(terms, person):
            continue
        general, specific = RELATION_WORDS[person.predicate]
        relation = frozenset().union(*map(content_terms, (*general, *specific)))
        rest = " ".join(w for w in topic.split() if not content_terms(w) <= relation)
        whole = not content_terms(rest)  # "my sister": everything about her
        out += [
            f
            for f in facts
            if f.subject == f"{PERSON_PREFIX}{key}"
            and f not in out
            and (whole or names_topic(f"{rest} {person.object}", f))
        ]
    return out


def _by_given_name(topic: str, facts: Sequence[Fact]) -> list[Fact]:
    """Another person's facts held under the user's relation to them (``person:sister``)
    that ``topic`` names by the name the user gave that person ("Maren's divorce" when
    the user has a sister named Maren): matched with the relation in place of the name
    ("my sister's divorce")."""
    out: list[Fact] = []
    for person in facts:
        if person.subject != "user" or person.predicate not in _PEOPLE:
            continue
        name = person.object.strip()
        said = re.compile(rf"(?<!\w){re.escape(name)}(?!\w)", re.IGNORECASE)
        if len(name) < 2 or not said.search(topic):
            continue
        relation = content_terms(person.text) - content_terms(name)
        for f in facts:
            if not f.subject.startswith(PERSON_PREFIX) or f in out:
                continue
            key = f.subject[len(PERSON_PREFIX) :].replace("_", " ")
            held_as = content_terms(key)
            if held_as and held_as <= relation and names_topic(said.sub(key, topic), f):
                out.append(f)
    return out


def match_facts(about: str, facts: Iterable[Fact]) -> list[Fact]:
    """The facts (any version) that the topic ``about`` names, found the way recall finds
    relevant facts (``retrieval.names_topic``): by their words ("Acme", "that I live in
    Oslo"), or by their attribute's names ("my job" -> employer and job title, "where I
    live" -> city and country), narrowed by the topic's other words ("my sulfite allergy"
    -> only that allergy). A fact id names that fact. "my job and where I live" names
    both. A person named by relation takes the facts held under the name the user gave
    them ("where my sister lives" -> ``person:noor``'s city when the sister is Noor).

    Example:
        >>> from datetime import datetime, timezone
        >>> t = datetime(2026, 5, 1, tzinfo=timezone.utc)
        >>> f = Fact(fact_id="f1", user_id="u", kind="fact", subject="user",
        ...          predicate="employer", object="Acme", text="The user works at Acme.",
        ...          valid_from=t, asserted_at=t)
        >>> [x.fact_id for x in match_facts("my employer", [f])], match_facts("my cat", [f])
        (['f1'], [])
        >>> [x.fact_id for x in match_facts("what I told you about work", [f])]
        ['f1']
    """
    facts = list(facts)
    found = _match_facts(about, facts)
    if found:
        return found
    # "the salary number", "my rent amount": a word that only says the attribute's value is
    # a value, after the attribute's name; read without it when the whole names nothing
    # held ("my phone number" stays the phone number when one is held) (#12)
    words = _held_spelling(about, facts).split()
    if len(words) > 1 and words[-1].casefold() in _VALUE_WORDS:
        return _match_facts(" ".join(words[:-1]), facts)
    return []


_VALUE_WORDS = frozenset(
    "number numbers figure figures amount amounts value values sum total".split()
)
"""Words that only say "the value of" the attribute they follow."""


def _match_facts(about: str, facts: list[Fact]) -> list[Fact]:
    by_id = [f for f in facts if f.fact_id == about.strip()]
    if by_id:
        return by_id
    said = _SAID_BY.match(about.strip())
    if said:
        return _said_by(said.group("who"), facts)
    topic = _held_spelling(about, facts)
    if not content_terms(topic):
        return []
    terms = content_terms(topic)
    # a wrapping word may be part of a name ("my little ones"): the topic as said, too
    whole = _held_spelling(about, facts, filler=False)
    found = [
        f
        for f in facts
        if names_topic(topic, f, FORGET_NAMES)
        or (whole != topic and names_topic(whole, f, FORGET_NAMES))
        or _by_names(topic, f)
        or _names_its_attribute(topic, f)
        # a value named on its own is that value, whoever holds it ("forget Porto" also
        # takes "my sister lives in Porto")
        or content_terms(f.object) == terms
    ]
    found = _of_named_attributes(topic, found)
    if terms <= _PEOPLE_FRAME:
        # "my name": the user's name, never the people whose facts say "named"
        found = [f for f in found if f.predicate not in _PEOPLE]
    # a person named by relation whose facts are held under the name the user gave them:
    # "where my sister lives" is Noor's city when "my sister" is Noor
    found += [f for f in _by_relation(topic, facts) if f not in found]
    # and the other way round: "Maren's divorce" is the sister's when the sister is Maren
    found += [f for f in _by_given_name(topic, facts) if f not in found]
    # "my job and employer": each part that names an attribute is named on its own too
    named_parts = [p for p in _SPLIT.split(topic) if content_terms(p) and _names_attribute(p)]
    if found and len(named_parts) > 1:
        found += [
            f
            for f in facts
            if f not in found
            and any(names_topic(p, f, FORGET_NAMES) and _of_named_attributes(p, [f])
                    for p in named_parts)
        ]  # fmt: skip
    if found:
        return found
    parts = [p for p in _SPLIT.split(topic) if content_terms(p)]
    if len(parts) < 2 and blocked_predicates(topic):
        return []  # an attribute named outright and not held: no other fact is it
    # the value wrapped in other words: "the stuff about the Lisbon flat"
    found = [f for f in facts if _names_value(topic, f)]
    if found or len(parts) < 2:
        return found
    return [
        f
        for f in facts
        if any(names_topic(p, f, FORGET_NAMES) and _of_named_attributes(p, [f]) for p in parts)
    ]


def forget_targets(
    command: MemoryCommand, facts: Iterable[Fact], *, previous: Sequence[str] = ()
) -> list[Fact]:
    """The facts (any version) a forget command deletes: all of them for everything; for
    a command that points back at the previous message, the facts stated in it
    (``previous``: that message's ids); else ``match_facts``, with the user's other facts
    that state a forgotten value in their own words ("The user is a glazier at
    Copperleaf" once the employer Copperleaf goes). A ``tentative`` command ("drop the
    gluten thing") takes only the user's own facts, and none means it was not a memory
    command at all.

    Example:
        >>> from datetime import datetime, timezone
        >>> t = datetime(2026, 5, 1, tzinfo=timezone.utc)
        >>> f = Fact(fact_id="f1", user_id="u", kind="fact", subject="user",
        ...          predicate="intolerance", object="gluten", message_id="m7",
        ...          text="The user is gluten intolerant.", valid_from=t, asserted_at=t)
        >>> [x.fact_id for x in forget_targets(detect_command("drop the gluten thing"), [f])]
        ['f1']
        >>> forget_targets(detect_command("delete the last paragraph"), [f])
        []
        >>> back = detect_command("that's not true anymore, remove it")
        >>> [x.fact_id for x in forget_targets(back, [f], previous=["m7"])]
        ['f1']
    """
    facts = list(facts)
    if command.everything:
        return facts
    if command.previous:
        ids = {i for i in previous if i}
        return [
            f
            for f in facts
            if f.subject == "user" and (f.message_id in ids or ids & set(f.seen_messages))
        ]
    if command.keep:
        kept = {f.fact_id for f in match_facts(command.keep, facts)}
        return [f for f in facts if f.fact_id not in kept]
    found = match_facts(command.about, facts)
    if command.tentative:
        found = [f for f in found if f.subject == "user"]
    return found + [f for f in _echoes(found, facts) if f not in found]


def _echoes(found: Sequence[Fact], facts: Sequence[Fact]) -> list[Fact]:
    """The user's other facts that state a forgotten value in their own words ("The user
    is a nurse at Acme" once the employer Acme is forgotten): kept, they would show the
    value the user asked to be forgotten. Only a value that is a name or several words
    (a capitalised word, or more than one word), never a common word ("vegan") in a
    fact's text; but any value that is a fact's whole value, or part of the value of an
    attribute no reader knows (``odd_attribute``: "important: sumac allergy" once the
    sumac allergy is forgotten)."""
    mine = [f for f in found if f.subject == "user"]  # another's value is theirs
    values = {
        f.object.strip()
        for f in mine
        if len(f.object.strip()) >= 3
        and (f.object.strip()[:1].isupper() or len(f.object.split()) > 1)
    }
    said = [re.compile(rf"(?<!\w){re.escape(v)}(?!\w)", re.IGNORECASE) for v in values]
    whole = {t for f in mine if (t := content_terms(f.object))}

    def echoes(f: Fact) -> bool:
        if any(p.search(f.text) for p in said):
            return True
        held = content_terms(f.object)
        return bool(held) and any(
            t == held or (odd_attribute(f) and t <= held) for t in whole
        )

    return [f for f in facts if f.subject == "user" and f not in found and echoes(f)]


def _said_by(who: str, facts: Sequence[Fact]) -> list[Fact]:
    """The facts about another person ("my wife", "Maria"): their subject or holder is that
    person, known by the words or, for a relation, by the name the user gave it ("my wife"
    -> the partner fact's "Ana" -> facts about Ana). Never the user's own facts."""
    key = normalize_holder(who)
    if key in (None, "user"):
        return []
    keys = {key}
    relation = content_terms(key.replace("_", " "))
    for f in facts:
        if f.subject == "user" and f.predicate in _PEOPLE and relation <= content_terms(f.text):
            named = normalize_holder(f.object)
            if named not in (None, "user"):
                keys.add(named)

    def whose(f: Fact) -> str | None:
        if f.subject.startswith(PERSON_PREFIX):
            return f.subject[len(PERSON_PREFIX) :]
        return normalize_holder(f.holder) if f.holder and f.holder != "user" else None

    return [f for f in facts if whose(f) in keys]


NOT_BLOCKED = (
    "I won't keep it if you mention it again; to undo that, say \"you can remember it again\"."
)
"""Said after "stop storing X": the facts are deleted and later statements of it are
rejected (``langmem_plus.facts.do_not_store``)."""


def allow_reply(command: MemoryCommand, removed: int) -> str:
    """The reply to "you can remember X again".

    Example:
        >>> allow_reply(MemoryCommand("allow", about="where I live"), 1)
        "OK, I'll keep what you tell me about where you live again."
    """
    about = _yours(command.about)
    if not removed:
        return f"I wasn't holding anything back about {about}, so nothing changed."
    return f"OK, I'll keep what you tell me about {about} again."


def _yours(topic: str) -> str:
    out = re.sub(r"\b(?:my|our)\b", "your", topic, flags=re.IGNORECASE)
    out = re.sub(r"\b(?:I'm|I am)\b", "you're", out, flags=re.IGNORECASE)
    out = re.sub(r"\bI've\b", "you've", out, flags=re.IGNORECASE)
    out = re.sub(r"\b(?:me|myself)\b", "you", out, flags=re.IGNORECASE)
    return re.sub(r"\bI\b", "you", out)


def _label(predicate: str) -> str:
    return predicate.replace("_", " ")


def forget_reply(
    command: MemoryCommand,
    targets: Sequence[Fact],
    counts: Mapping[str, int],
    *,
    removed_messages: bool = False,
    purged: int = 0,
    others: int = 0,
) -> str:
    """The reply to a forget command: what was forgotten, named by topic and never by
    value (the reply must not repeat the fact), or plainly that nothing matched.

    Args:
        command: the command.
        targets: the facts (versions) deleted.
        counts: ``current facts`` and ``history versions`` deleted.
        removed_messages: messages of this conversation were removed as well.
        purged: earlier conversations deleted; ``others``: those that still hold it.

    Example:
        >>> from datetime import datetime, timezone
        >>> t = datetime(2026, 5, 1, tzinfo=timezone.utc)
        >>> f = Fact(fact_id="f1", user_id="u", kind="fact", subject="user",
        ...          predicate="employer", object="Acme", text="Works at Acme.",
        ...          valid_from=t, asserted_at=t)
        >>> reply = forget_reply(MemoryCommand("forget", about="my job"), [f],
        ...                      {"current facts": 1, "history versions": 0})
        >>> reply.split(" That")[0]
        "Done. I've deleted what you told me about your job: 1 fact (employer)."
        >>> forget_reply(MemoryCommand("forget", about="my cat"), [], {}).split(",")[0]
        'Nothing matched: I have nothing saved about your cat'
    """
    n = len({f.fact_id for f in targets})
    if n == 0:
        if command.everything:
            return "Nothing matched: I had no facts saved about you, and none are kept now."
        reply = (
            f"Nothing matched: I have nothing saved about {_yours(command.about)}, so nothing "
            'was deleted. Ask "what did I tell you?" to see everything I keep.'
        )
        return reply + (" " + NOT_BLOCKED if command.stop else "")
    topics = ", ".join(sorted({_label(f.predicate) for f in targets}))
    about = _yours(command.about)
    noun = "fact" if n == 1 else "facts"
    if command.everything:
        what = "everything you told me"
    elif command.previous:
        what = "what you said in your last message"
    elif command.keep:
        what = f"everything except what you told me about {_yours(command.keep)}"
    elif re.match(r"(?:that|where|when|how|which|what|i|i'm|i've|we|you)\b", about, re.I) or (
        any(content_terms(f.object) & content_terms(command.about) for f in targets)
    ):  # a clause ("that I live in Berlin"), or words that hold a value: never repeated
        what = "what you asked me to forget"
    else:
        what = f"what you told me about {about}"
    lead = f"Done. I've deleted {what}: {n} {noun} ({topics})."
    lines = [
        lead,
        f"That was {counts.get('current facts', 0)} current fact(s) and "
        f"{counts.get('history versions', 0)} earlier version(s), with their search index "
        "entries and log entries; your profile was updated.",
    ]
    if removed_messages:
        lines.append("I also removed the messages that mentioned it from this conversation.")
    if purged:
        lines.append(f"I deleted {purged} earlier conversation(s) that contained it.")
    elif others:
        lines.append(f"{others} earlier conversation(s) still contain it; they can be deleted too.")
    if command.stop and not command.everything:
        lines.append(NOT_BLOCKED)
    return " ".join(lines)


def describe_facts(facts: Sequence[Fact]) -> str:
    """The reply to "what did I tell you?": one line per current fact, addressed to the user.

    Example:
        >>> from datetime import datetime, timezone
        >>> t = datetime(2026, 5, 1, tzinfo=timezone.utc)
        >>> f = Fact(fact_id="f1", user_id="u", kind="fact", subject="user",
        ...          predicate="city", object="Berlin", text="The user lives in Berlin.",
        ...          valid_from=t, asserted_at=t)
        >>> print(describe_facts([f]))
        Here is what you've told me (kept as data, and you can ask me to forget any of it):
        - you live in Berlin (since 2026-05-01)
        >>> describe_facts([]) == NOTHING_SAVED
        True
    """
    if not facts:
        return NOTHING_SAVED
    lines = ["Here is what you've told me (kept as data, and you can ask me to forget any of it):"]
    for f in sorted(facts, key=lambda f: (f.scope or "", f.valid_from, f.fact_id)):
        where = f" [project {f.scope}]" if f.scope else ""
        lines.append(f"- {second_person(f.text)} (since {f.valid_from.date().isoformat()}){where}")
    return "\n".join(lines)
