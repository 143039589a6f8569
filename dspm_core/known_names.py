"""Names whose kind is known: ``PostgreSQL`` is a database, ``pnpm`` a package manager,
``German`` a language to reply in. A name of a known kind said alone ("nah german") is a new
value of the setting of that kind."""

from __future__ import annotations

import re

__all__ = ["LANGUAGE_QUALIFIERS", "MULTIWORD_NAMES", "NAME_CATEGORY", "SHORT_NAMES", "full_name",
           "name_category", "names_its_kind", "names_pattern"]

#: a known name (lower case) -> its kind
NAME_CATEGORY: dict[str, str] = {}
for _cat, _names in {
    "database": "postgresql postgres mysql mariadb sqlite mongodb dynamodb cassandra oracle "
                "mssql cockroachdb supabase firestore",
    "cache": "redis memcached valkey",
    "message queue": "kafka rabbitmq sqs nats pulsar",
    "cloud provider": "aws gcp azure digitalocean heroku vercel netlify render fly.io railway "
                      "cloudflare linode hetzner",
    "linter": "flake8 pylint eslint biome rubocop golangci-lint stylelint",
    "formatter": "black prettier autopep8 yapf gofmt rustfmt",
    "test framework": "pytest unittest jest vitest mocha jasmine rspec junit",
    "bundler": "webpack vite rollup esbuild parcel turbopack",
    "orm": "sqlalchemy prisma typeorm sequelize drizzle peewee",
    "auth provider": "auth0 okta cognito keycloak clerk",
    "payment provider": "stripe paddle braintree paypal adyen",
    "programming language": "python go golang rust java kotlin typescript javascript ruby "
                            "php scala elixir swift",
    "frontend framework": "react vue angular svelte nextjs next.js nuxt solid",
    "backend framework": "django flask fastapi rails express spring laravel fastify koa hapi "
                         "nestjs sinatra phoenix actix axum",
    "charting library": "matplotlib plotly seaborn bokeh altair chart.js chartjs d3 recharts "
                        "highcharts echarts",
    "orchestrator": "kubernetes k8s nomad ecs",
    # (a name of several words is written with "_" here: "vs_code" is "vs code")
    "ci system": "jenkins circleci travis teamcity buildkite drone github_actions gitlab_ci "
                 "azure_pipelines",
    "editor": "vim neovim nvim emacs vscode sublime intellij pycharm webstorm nano helix zed "
              "vs_code visual_studio_code sublime_text",
    "diagram tool": "mermaid plantuml graphviz excalidraw drawio d2",
    "search engine": "elasticsearch opensearch solr meilisearch typesense",
    "diet": "vegetarian vegan pescatarian keto ketogenic paleo whole30 flexitarian carnivore "
            "omnivore low-fodmap fodmap mediterranean atkins plant-based",
    "package manager": "npm pnpm yarn bun pip poetry uv conda pipenv cargo maven gradle",
    # (not "critical" or "verbose": as often a priority or a style)
    "log level": "debug info warn warning error trace fatal",
    "platform": "iphone android ios ipad macos chromebook",
    "reply language": "english spanish french german italian portuguese dutch japanese chinese "
                      "mandarin cantonese korean arabic hindi russian polish swedish norwegian "
                      "danish finnish greek turkish hebrew vietnamese thai indonesian ukrainian "
                      "czech hungarian romanian catalan welsh irish",
    # the basic colour terms, without the ones that are as often something else ("orange",
    # "gold", "rose")
    "colour": "red yellow green blue purple pink black white grey gray brown navy beige cream "
              "silver teal turquoise lilac burgundy khaki olive charcoal ivory maroon sage "
              "mustard terracotta lavender mauve taupe emerald cobalt coral",
    "size": "small medium large xs xl xxl xxxl extra-small extra-large",
    "time zone": "utc gmt pst pdt est edt cst cdt mst mdt cet cest bst jst aest aedt nzst hst akst",
    # how a message reaches people
    "channel": "slack teams microsoft_teams whatsapp telegram discord sms email e-mail phone "
               "pagerduty opsgenie mattermost webex imessage",
}.items():
    for _n in _names.split():
        NAME_CATEGORY[_n.replace("_", " ")] = _cat

#: the short forms people type for a known name: "JS strings" speak of JavaScript
SHORT_NAMES: dict[str, str] = {
    "js": "javascript", "ts": "typescript", "py": "python", "golang": "go", "rb": "ruby",
    "k8s": "kubernetes", "pg": "postgresql", "postgres": "postgresql", "psql": "postgresql",
    "mongo": "mongodb", "nvim": "neovim", "vscode": "vs code", "gh": "github",
    "tf": "terraform", "es": "elasticsearch", "gha": "github actions",
}


def full_name(word: str) -> str:
    """``word`` in lower case, a short form as the name it stands for ("JS" -> "javascript")."""
    low = word.lower()
    return SHORT_NAMES.get(low, low)


#: the known names of more than one word ("vs code", "github actions")
MULTIWORD_NAMES = frozenset(n for n in NAME_CATEGORY if " " in n)


def name_category(value: str) -> str | None:
    """The category of a well-known name (``PostgreSQL`` -> ``database``), if any; a name
    of a known shape too (``eu-west-2`` -> ``cloud region``)."""
    words = value.strip().lower().split()
    if not words:
        return None
    if len(words) == 1 and _REGION_RE.fullmatch(words[0]):
        return "cloud region"
    if len(words) > 1 and " ".join(words) in NAME_CATEGORY:  # "VS Code", "GitHub Actions"
        return NAME_CATEGORY[" ".join(words)]
    if len(words) == 2 and words[-1] in _QUALIFIED:
        # "British English", "US English": a known name after a word that qualifies it
        return NAME_CATEGORY.get(words[0]) or NAME_CATEGORY.get(words[-1])
    if len(words) > 1 and _OTHER_NAME_RE.match(value.strip().split()[1]):
        return None  # "Swift Removals", "Ruby Tuesday": a name of its own that opens on a known one
    return NAME_CATEGORY.get(words[0])


# a capitalised word of letters after a known name, which makes a name of its own ("Swift
# Removals"; never a version, "Python 3", nor a word in capitals, "Java SE")
_OTHER_NAME_RE = re.compile(r"(?-i:[A-Z][a-z]{2,})(?:'s)?$")

#: a cloud region ("us-east-1", "eu-west-2", "ap-southeast-1", "europe-west4")
_REGION_RE = re.compile(r"(?:us|eu|ap|sa|ca|me|af|il|mx|europe|asia|australia|northamerica|"
                        r"southamerica)-(?:east|west|north|south|central|northeast|northwest|"
                        r"southeast|southwest)\d?-?\d")

#: the words for the variety or register of a language ("British English", "formal German")
LANGUAGE_QUALIFIERS = ("british american us uk australian canadian brazilian european swiss "
                       "austrian mexican formal informal polite plain simple").split()

#: known names often said after a word that qualifies them
_QUALIFIED = frozenset("english spanish french portuguese german chinese".split())


def names_pattern(category: str) -> str:
    """The known names of ``category`` as a pattern's alternation, longest first (so that
    "low-fodmap" is tried before "fodmap")."""
    return "|".join(sorted((n for n, c in NAME_CATEGORY.items() if c == category),
                           key=len, reverse=True))


def names_its_kind(subject: str | None, value: str | None) -> bool:
    """The setting is the kind of the known name that is its value ("platform" =
    "iPhone", "diet" = "pescatarian"): the speaker's choice of that kind."""
    return subject is not None and subject == name_category(value or "")
