"""The extractors' vocabularies: word lists, kept apart from the patterns that use them.

Data only, no logic (issue 15). The rule extractor works by *structure* — who the subject
of a clause is, its auxiliary verbs, negation, tense, capitalised spans and the value after
a strong verb frame ("live in X") — and these lists name the closed classes of words that
structure is made of: relations between people, pet words, modal and aspect markers, verb
forms, and the function words that end a value. Open classes (cities, employers, products)
are deliberately *not* listed: a value is found by its position in the clause, not by being
known. ``COUNTRIES``, ``LANGUAGES`` and ``TOPICS`` only decide *which* predicate a found
value gets (country vs city, a project's database vs a city), never whether it is found.

Example:
    >>> RELATIONS["daughter"], RELATIONS["wife"], RELATIONS["cousin"]
    ('child', 'partner', 'family_member')
    >>> "dog" in PETS and "manager" in OTHER_PEOPLE
    True
"""

from __future__ import annotations

__all__ = [
    "ATTRIBUTE_ALIASES",
    "ATTRIBUTE_NOT",
    "CAR_MAKES",
    "CLAUSE_COLON",
    "COUNTRIES",
    "DIET_WORDS",
    "GENERIC_OWNERS",
    "GENERIC_THINGS",
    "HOME_NOUNS",
    "KIN_ADJECTIVES",
    "KIN_MODIFIER",
    "LANGUAGES",
    "NAME_PARTICLES",
    "NOT_AN_ATTRIBUTE_NOUN",
    "NOT_A_HOLDING",
    "NOT_A_NAME",
    "NOT_A_PARTNER_BEFORE",
    "NOT_A_PROJECT",
    "NOT_A_SCOPE",
    "NOT_A_TITLE_BEFORE",
    "NO_LETTER_AFTER",
    "OTHER_PEOPLE",
    "OWNED_TOPICS",
    "PETS",
    "RELATIONS",
    "ROLE_HEADS",
    "SINGLE_PEOPLE",
    "SINGULAR_AGREEMENT",
    "TITLE_ABBREVIATIONS",
    "TONE_WORDS",
    "TOPICS",
    "TOPIC_NOUNS",
    "VALUE_STOP_WORDS",
]

COUNTRIES: frozenset[str] = frozenset(
    """
    afghanistan albania algeria argentina armenia australia austria azerbaijan bangladesh
    belarus belgium bolivia bosnia brazil bulgaria cambodia cameroon canada chile china
    colombia croatia cuba cyprus czechia denmark ecuador egypt england estonia ethiopia
    finland france georgia germany ghana greece guatemala hungary iceland india indonesia
    iran iraq ireland israel italy jamaica japan jordan kazakhstan kenya korea kosovo kuwait
    latvia lebanon lithuania luxembourg malaysia malta mexico moldova mongolia montenegro
    morocco nepal netherlands holland nigeria norway pakistan panama paraguay peru
    philippines poland portugal qatar romania russia scotland senegal serbia singapore
    slovakia slovenia spain sweden switzerland taiwan tanzania thailand tunisia turkey
    uganda ukraine uruguay uzbekistan venezuela vietnam wales zimbabwe usa us uk uae
    america britain
    """.split()
) | {"the us", "the uk", "the usa", "the netherlands", "the uae", "the states",
     "south africa", "south korea", "new zealand", "saudi arabia", "costa rica",
     "sri lanka", "united states", "united kingdom", "the united states",
     "the united kingdom", "czech republic", "the czech republic", "the philippines"}  # fmt: skip
"""Country names: a place found after "live in" is a ``country`` when it is one of these,
else a ``city``. Not used to *find* places."""

LANGUAGES: frozenset[str] = frozenset(
    """
    english german french spanish italian portuguese dutch swedish norwegian danish finnish
    polish czech slovak hungarian romanian bulgarian greek turkish russian ukrainian arabic
    hebrew persian farsi hindi urdu bengali punjabi tamil telugu marathi gujarati chinese
    mandarin cantonese japanese korean vietnamese thai indonesian malay tagalog swahili
    catalan basque galician irish welsh croatian serbian slovenian estonian latvian
    lithuanian icelandic afrikaans
    """.split()
)
"""Human languages (reply language, languages spoken)."""

TOPICS: dict[str, tuple[str, ...]] = {
    "database": ("postgres", "postgresql", "mysql", "mariadb", "sqlite", "mongodb", "mongo",
           "redis", "dynamodb", "cassandra", "qdrant", "elasticsearch", "snowflake",
           "bigquery", "oracle", "sql server", "database", "db", "supabase", "clickhouse"),
    "auth_method": ("auth", "authentication", "login", "session cookies", "cookies", "cookie",
             "jwt", "jwts", "oauth", "oauth2", "sso", "saml", "openid", "passkeys"),
    "language": ("python", "golang", "go", "rust", "java", "typescript", "javascript",
                 "kotlin", "ruby", "php", "c#", "c++", "scala", "elixir", "swift"),
    "framework": ("django", "flask", "fastapi", "react", "vue", "angular", "next.js",
                  "nextjs", "rails", "spring", "svelte", "laravel", "express", "langgraph"),
    "deploy_target": ("aws", "gcp", "azure", "heroku", "vercel", "netlify", "fly.io", "kubernetes",
                "k8s", "docker", "cloudflare", "hetzner", "digitalocean", "on-prem",
                "region", "eu-west-1", "us-east-1", "eu-central-1"),
    "ci": ("github actions", "gitlab ci", "jenkins", "circleci", "buildkite"),
    "queue": ("kafka", "rabbitmq", "sqs", "celery", "pubsub", "nats"),
}  # fmt: skip
"""Technology words, each under the topic used as a project fact's predicate. They decide a
*project* fact's predicate ("atlas is on postgres 16"), and keep "we moved to Postgres" from
being read as a move of house. A strong residence frame ("I live in X") never consults them:
nobody lives in a database, and a city that shares a name with a cloud region is a city."""

NOT_A_NAME: frozenset[str] = frozenset(
    """
    it this that them him her there here home work school uni university college the a an
    my our your their his back later tomorrow today now soon anytime whenever when if at on
    ok okay please myself yourself nothing none something everything anyone someone
    they these those both
    """.split()
)
"""Words that are never a name or a value on their own ("call me back", "live here")."""

VALUE_STOP_WORDS: frozenset[str] = frozenset(
    """
    in at on near by for with from since until till after before because as when while
    where which who that but so and or though although if unless than to into onto
    now these then there here again too also already still currently lately recently
    today tonight yesterday tomorrow this last next every each soon finally
    i i'm i've i'd we we're my our me us you he she they it
    """.split()
)
"""Function words that end a lowercase value: in "moved to porto with my partner" the city
is the words before the first of these ("porto")."""

RELATIONS: dict[str, str] = {
    # partner (single-valued)
    "wife": "partner", "husband": "partner", "partner": "partner", "spouse": "partner",
    "boyfriend": "partner", "girlfriend": "partner", "fiance": "partner", "fiancé": "partner",
    "fiancee": "partner", "fiancée": "partner", "other half": "partner", "gf": "partner",
    "bf": "partner", "hubby": "partner", "wifey": "partner",
    # children
    "son": "child", "daughter": "child", "kid": "child", "child": "child", "baby": "child",
    "toddler": "child", "stepson": "child", "stepdaughter": "child", "sons": "child",
    "baby girl": "child", "baby boy": "child", "little girl": "child", "little boy": "child",
    "daughters": "child", "kids": "child", "children": "child", "twins": "child",
    "girls": "child", "boys": "child", "little ones": "child",
    # parents
    "mother": "parent", "father": "parent", "mum": "parent", "mam": "parent", "mom": "parent",
    "dad": "parent",
    "mommy": "parent", "mummy": "parent", "daddy": "parent", "stepmother": "parent",
    "stepfather": "parent", "stepmom": "parent", "stepdad": "parent", "parents": "parent",
    # siblings
    "sister": "sibling", "brother": "sibling", "sibling": "sibling", "twin": "sibling",
    "stepsister": "sibling", "stepbrother": "sibling", "sisters": "sibling",
    "brothers": "sibling", "siblings": "sibling",
    # the wider family
    "cousin": "family_member", "aunt": "family_member", "uncle": "family_member",
    "niece": "family_member", "nephew": "family_member", "grandmother": "family_member",
    "grandfather": "family_member", "grandma": "family_member", "grandpa": "family_member",
    "granny": "family_member", "grandson": "family_member", "granddaughter": "family_member",
    "mother-in-law": "family_member", "father-in-law": "family_member",
    "sister-in-law": "family_member", "brother-in-law": "family_member",
    "in-laws": "family_member", "cousins": "family_member",
    # other spellings people write (hyphenated steps and halves, nicknames)
    "step-son": "child", "step-daughter": "child", "step-kid": "child",
    "stepkid": "child", "step-mum": "parent", "step-mom": "parent", "stepmum": "parent",
    "step-dad": "parent", "mama": "parent", "papa": "parent", "mamá": "parent",
    "papá": "parent", "step-sister": "sibling",
    "step-brother": "sibling", "half-sister": "sibling", "half-brother": "sibling",
    "grandad": "family_member", "granddad": "family_member", "grandmom": "family_member",
    "gran": "family_member", "nan": "family_member", "nana": "family_member",
    "nanna": "family_member", "grandparents": "family_member",
}  # fmt: skip
"""Family relation words -> the predicate a "has a ..." fact about the user gets."""

OTHER_PEOPLE: frozenset[str] = frozenset(
    """
    manager boss colleague coworker co-worker teammate friend neighbour neighbor roommate
    flatmate housemate landlord landlady tenant teacher doctor dentist client customer
    mentor coach intern assistant employee supervisor lead cto ceo founder cofounder
    co-founder classmate partner's buddy pal mate
    """.split()
)
"""People in the user's life who are not family: their facts are theirs, never the user's."""

CAR_MAKES: frozenset[str] = frozenset(
    """
    abarth acura audi bentley bmw byd cadillac chevrolet chevy chrysler citroen citroën
    cupra dacia daewoo daihatsu dodge ds ferrari fiat ford genesis holden honda hyundai
    infiniti isuzu jaguar jeep kia lada lamborghini lancia lexus lincoln lotus maserati
    mazda mclaren mercedes mercedes-benz mg mini mitsubishi nio nissan opel perodua peugeot
    polestar porsche proton ram renault rivian rover saab seat skoda škoda smart ssangyong
    subaru suzuki tata tesla toyota vauxhall volkswagen vw volvo xpeng
    """.split()
) | {"alfa romeo", "aston martin", "land rover", "range rover"}
"""Car makers' names (a few as two words: "alfa romeo", "aston martin", "land rover"): a
make before a model names a car ("a Toyota Yaris Cross", "the Mazda CX-30"), as a
country's name names a place (``extraction.cars``)."""

NOT_A_PARTNER_BEFORE: frozenset[str] = frozenset(
    """
    business tandem running dance dancing lab study sparring climbing tennis squash badminton
    training gym workout writing research exchange language conversation chess bridge doubles
    project coding debate accountability cycling hiking walking swimming rowing lifting
    speaking practice revision trading
    """.split()
)
"""Words that make "partner" after them someone the user does something with, not their
partner ("my tandem partner", "my business partner", "my climbing partner")."""

PETS: dict[str, str] = {
    "dog": "dog", "puppy": "dog", "pup": "dog", "cat": "cat", "kitten": "cat",
    "kitty": "cat", "rabbit": "rabbit", "bunny": "rabbit", "hamster": "hamster",
    "guinea pig": "guinea pig", "parrot": "parrot", "budgie": "budgie", "bird": "bird",
    "horse": "horse", "pony": "pony", "tortoise": "tortoise", "turtle": "turtle",
    "goldfish": "goldfish", "lizard": "lizard", "snake": "snake", "ferret": "ferret",
    "gecko": "gecko", "rat": "rat", "mouse": "mouse", "chicken": "chicken",
    # breeds people name their pets by
    "retriever": "dog", "labrador": "dog", "lab": "dog", "spaniel": "dog", "terrier": "dog",
    "poodle": "dog", "collie": "dog", "beagle": "dog", "dachshund": "dog",
    "greyhound": "dog", "whippet": "dog", "husky": "dog", "pug": "dog", "bulldog": "dog",
    "sheepdog": "dog", "tabby": "cat", "cockatiel": "bird", "canary": "bird",
}  # fmt: skip
"""Pet words -> the kind of animal shown in the fact ("Has a cat named Miso.")."""

SINGULAR_AGREEMENT: dict[str, str] = {
    "is": "am", "'s": "'m", "was": "was", "has": "have", "does": "do", "doesn't": "don't",
    "isn't": "am not", "hasn't": "haven't", "wasn't": "wasn't", "goes": "go",
}  # fmt: skip
"""Third-person verb forms -> first person, for reading "my sister lives in Rome" with the
same patterns as "I live in Rome" (then the fact is the sister's, never the user's)."""

ATTRIBUTE_NOT: frozenset[str] = frozenset(
    """
    point question problem issue guess bad fault concern idea worry thing day pleasure turn
    hope fear feeling take view opinion sense answer reason excuse mistake apologies apology
    understanding impression bet advice suggestion request wish dream goal favourite
    favorite main only first last best worst biggest current next new old
    name nickname employer company workplace firm startup job title role position
    home hometown city timezone time diet allergy allergies repo repository
    everything anything something nothing all stuff
    """.split()
)
"""Nouns that do not name an attribute in "my X is Y" (or that a specific rule owns); the
indefinite pronouns name none either ("switched everything over to Y")."""

ATTRIBUTE_ALIASES: dict[str, str] = {
    "phone plan": "phone_plan", "mobile plan": "phone_plan", "cell plan": "phone_plan",
    "cellphone plan": "phone_plan", "cell phone plan": "phone_plan",
    "phone contract": "phone_plan", "mobile contract": "phone_plan",
    "mobile tariff": "phone_plan", "phone tariff": "phone_plan", "mobile": "phone_plan",
    "phone": "phone_plan", "cell": "phone_plan", "sim": "phone_plan",
    "favourite colour": "favorite_color", "favorite colour": "favorite_color",
    "favourite color": "favorite_color", "favorite color": "favorite_color",
    "internet provider": "internet_provider", "broadband provider": "internet_provider",
    "wifi provider": "internet_provider", "home wifi provider": "internet_provider",
    "broadband": "internet_provider", "isp": "internet_provider",
    "bank": "bank", "current account": "bank", "bank account": "bank",
    "gym": "gym", "gym membership": "gym", "bike": "bike", "bicycle": "bike", "car": "car",
    "ride": "car", "motor": "car", "shoe size": "shoe_size", "shoes": "shoe_size",
    "blood group": "blood_type", "blood type": "blood_type",
}  # fmt: skip
"""Attribute nouns that name the same one-at-a-time slot ("my mobile contract" and "my
phone plan" are one slot), so a switch said in other words still replaces the old value.
Nouns not listed get a predicate made from their own words."""

SINGLE_PEOPLE: frozenset[str] = frozenset(
    "manager boss dentist doctor gp landlord landlady therapist mentor supervisor".split()
)
"""People in the user's life of whom a user has one at a time ("my dentist is Dr. Ito"):
``my <word> is <Name>`` is then the user's own one-valued fact, named after the word."""

# --------------------------------------------------------------- moved from rules.py (#15)

NAME_PARTICLES: frozenset[str] = frozenset(
    "de da do dos das del della di du la le am an der den van von upon on of y e & al el "
    "bin ibn sur en".split()
)
"""Lowercase words inside a name ("Rio de Janeiro", "Bank of Ireland", "Marlow & Finch")."""

DIET_WORDS: tuple[str, ...] = (
    "vegetarian", "vegan", "pescatarian", "pescetarian", "plant-based", "gluten-free",
    "dairy-free", "lactose-free", "nut-free", "keto", "paleo", "teetotal", "teetotaler",
    "teetotaller", "kosher", "halal", "flexitarian", "raw vegan", "low-carb", "low carb",
)  # fmt: skip
"""Diets by name; the rule extractor also reads diets by their shape (-arian, -ivore,
X-free) and by a "diet" noun ("a grain-free diet"), so this list is not the limit."""

TONE_WORDS: tuple[str, ...] = (
    "formal", "informal", "casual", "friendly", "professional", "direct", "blunt", "polite",
    "warm", "playful", "serious", "relaxed", "neutral", "technical", "non-technical",
    "simple", "plain", "upbeat", "gentle", "encouraging",
)  # fmt: skip
"""Tones a reply can be asked for in ("keep the tone casual")."""

ROLE_HEADS: tuple[str, ...] = (
    "lead", "leader", "manager", "head", "director", "engineer", "developer", "designer",
    "officer", "chief", "cto", "ceo", "cfo", "coo", "vp", "president", "partner", "principal",
    "supervisor", "captain", "coordinator", "editor", "analyst", "architect", "consultant",
    "associate", "chair", "admin", "administrator", "owner", "foreman", "specialist",
    "scientist", "researcher", "professor", "lecturer", "teacher", "nurse", "doctor", "chef",
    "producer", "strategist", "advisor", "adviser", "fellow", "maintainer", "steward",
    # professions a bare "I'm a <modifier> X" names (#12): no hobby or habit reads them
    "tutor", "instructor", "therapist", "translator", "interpreter", "accountant", "lawyer",
    "solicitor", "barrister", "pharmacist", "paramedic", "electrician", "plumber",
    "carpenter", "librarian", "journalist", "surveyor", "technician", "mechanic", "surgeon",
    "physiotherapist", "midwife", "firefighter", "programmer", "receptionist", "recruiter",
    "economist", "auditor", "clerk",
)  # fmt: skip
"""Nouns that head a job title ("the new ops lead", "made me head of sales"). A title
without one is still read when its head is an agent noun (-er, -or, -ist, ...) in a
message that says it is a new role."""

KIN_ADJECTIVES: tuple[str, ...] = (
    "older", "younger", "little", "big", "baby", "eldest", "oldest", "youngest", "twin",
    "new", "lovely", "rescue", "adopted", "teenage", "grown-up", "grown", "old", "late",
    "beloved", "sweet", "first", "second",
)  # fmt: skip
"""Adjectives between "my" and a relation or pet word ("my little sister", "our old cat")."""

TITLE_ABBREVIATIONS: tuple[str, ...] = (
    "Dr", "dr", "Mr", "mr", "Mrs", "mrs", "Ms", "ms", "Prof", "St",
)  # fmt: skip
"""Titles written with a point ("Dr. Okafor", "St. Albans"): the point ends no sentence,
clause or value (``NOT_A_TITLE_BEFORE``)."""

NOT_A_TITLE_BEFORE = "".join(rf"(?<!\b{t})" for t in TITLE_ABBREVIATIONS)
"""Look-behinds to put before a point that may end a sentence: it does not, after a title."""

CLAUSE_COLON = r"(?:(?<!\d):|:(?!\d))"
"""A colon that may end a clause or a value: not one between digits ("3:15", "6:40")."""

NO_LETTER_AFTER = r"(?![^\W\d_a-zA-Z])"
"""After a word of a list: no letter of another alphabet goes on with it ("mam" is not a
word of "mamá"); an English plural "s" may ("sisters")."""

KIN_MODIFIER = (
    r"(?:(?!(?:i|me|my|our|your|his|her|their|its|we|us|you|he|she|they|them|it|this|that|"
    r"the|a|an|and|or|but|so|nor|of|to|in|on|at|for|from|with|by|as|than|about|into|is|are|"
    r"was|were|be|been|am|has|have|had|do|does|did|will|would|can|could|not|no|who|which|"
    r"what|when|where|how|also|just|now|then|there|here|very|too)(?![\w'\u2019-]))"
    r"[a-z]{2,}(?:-[a-z]+)*(?![\w'\u2019]))"
)
"""Any other modifier word between "my" and a relation word ("my wee brother", "my
long-suffering partner"): a lowercase word that is not a closed-class word (a pronoun,
article, preposition, conjunction or auxiliary), so "my boss and her son" stays two
people."""

HOME_NOUNS: tuple[str, ...] = (
    "home", "flat", "apartment", "house", "place", "address", "condo", "studio", "room",
    "bedsit", "digs",
)  # fmt: skip
"""Where a person lives, as a noun ("my flat is in X", "I rent a room in X")."""

NOT_A_SCOPE: frozenset[str] = frozenset(
    """
    now today sure example instance reference me us that this real fact general short case
    the a an my our once good all both it then future later years months weeks days
    """.split()
)
"""Words after "for"/"on" that do not name a project ("for now, we ...")."""

GENERIC_OWNERS: frozenset[str] = frozenset(
    "the our my your their a this that git github gitlab code main new old".split()
)
"""Words before "repo" that do not name whose repository it is."""

GENERIC_THINGS: frozenset[str] = frozenset(
    """
    it this that everything things stuff code apps services them all here project app
    service one tests builds jobs workloads containers production prod staging
    """.split()
)
"""Objects of "we deploy X to ..." that are no project name."""

NOT_A_PROJECT: frozenset[str] = frozenset(
    """
    i we it he she they this that which who everyone everybody someone nobody one mine what
    there and but also team company user now currently still already actually recently
    finally just officially mostly primarily here house home back out in to
    """.split()
)
"""Subjects of "X uses Y" that are no project name."""

TOPIC_NOUNS: dict[str, str] = {
    "db": "database", "datastore": "database", "data store": "database",
    "hosting provider": "deploy_target", "hosting": "deploy_target", "host": "deploy_target",
    "cloud provider": "deploy_target", "cloud": "deploy_target",
    "deploy target": "deploy_target", "deployment target": "deploy_target",
    "auth method": "auth_method", "auth": "auth_method",
}  # fmt: skip
"""A project's topic nouns ("the database here is X") -> the predicate they name."""

OWNED_TOPICS: dict[str, str] = {
    "database": "database", "db": "database", "host": "deploy_target",
    "hosting": "deploy_target", "cloud": "deploy_target", "region": "deploy_target",
    "auth": "auth_method",
}  # fmt: skip
"""Topic nouns after a possessive ("atlas's db is X") -> the predicate they name."""

NOT_AN_ATTRIBUTE_NOUN: frozenset[str] = frozenset(
    """
    side place seat train clothe hand lane room plan topic subject gear tack direction
    course position shift team
    """.split()
)
"""Plural nouns after "changed"/"switched" that are no attribute ("changed sides")."""

NOT_A_HOLDING: frozenset[str] = frozenset({"mind", "tune", "tack", "ways"})
"""Nouns after "changed my" that name no holding ("changed my mind")."""
