"""Settings, all from the environment.

With nothing set the site runs for development on one machine: SQLite, a
Celery broker that needs no server (files under var/), email printed to the
console. Production sets DEBUG=0, SECRET_KEY, DATABASE_URL, CELERY_BROKER_URL,
EMAIL_URL and ALLOWED_HOSTS; see README.md.
"""

import os
from pathlib import Path
from urllib.parse import urlparse

from celery.schedules import crontab
from django.core.exceptions import ImproperlyConfigured
from environs import Env

# Typed readers that refuse what they cannot read (DEBUG=tru is an error, not
# a quiet False). No .env file is read: the environment is the configuration.
env = Env()

BASE_DIR = Path(__file__).resolve().parent.parent.parent
VAR_DIR = env.path("VAR_DIR", BASE_DIR / "var")
VAR_DIR.mkdir(parents=True, exist_ok=True)

DEBUG = env.bool("DEBUG", True)
SECRET_KEY = env.str("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off.")
    SECRET_KEY = "insecure-development-key-do-not-use-in-production"

ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]", "testserver"])
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", [])
SITE_URL = env.str("SITE_URL", "http://127.0.0.1:8000").rstrip("/")
SITE_NAME = env.str("SITE_NAME", "Tabletop")
# Open pages hear of changes through an event stream (the live app); while
# theirs cannot open or keeps failing, they poll this often instead.
LIVE_POLL_SECONDS = env.int("LIVE_POLL_SECONDS", 15)
# A "your turn" email waits this long (the player may come, or the question
# close, first), and is not sent to a player whose page polled this recently.
TURN_EMAIL_DELAY_SECONDS = env.int("TURN_EMAIL_DELAY_SECONDS", 180)
PRESENT_SECONDS = env.int("PRESENT_SECONDS", 180)

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "ninja",  # serves the API docs' scripts from our own static files
    "django_celery_beat",
    "accounts",
    "tables",
    "notifications",
    "replays",
    "chat",
    "players",
    "guides",
    "autoplay",
    "live",
    "push",
    "replies",
    "social",
    "tournaments",
    "games.coup",
    "games.koryo",
    "games.seasons",
    "games.troyes",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Outside the API's errors, so that it sees them as JSON.
    "config.csp.SiteCSPMiddleware",
    "config.api_errors.ApiErrorsAsJson",
    # Inside the API's errors, so that a lost database is a 503, not a 500.
    "config.unavailable.DatabaseUnavailable",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # Times in the reader's own zone (found only once a time is shown).
    "accounts.middleware.ReaderTimeZone",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "django_ratelimit.middleware.RatelimitMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "csp.context_processors.nonce",
                "config.context.site",
            ],
        },
    },
]

# -- database ------------------------------------------------------------------

DATABASES = {
    "default": env.dj_db_url(
        "DATABASE_URL",
        f"sqlite:///{VAR_DIR / 'db.sqlite3'}",
        conn_max_age=env.int("DB_CONN_MAX_AGE", 60),
        conn_health_checks=True,
    )
}
# Connections to PostgreSQL come from a pool in each process (Django's own,
# on psycopg_pool): at most DB_POOL_MAX_SIZE per process, so the processes
# of a deployment add up to a known number (see README, "Running it in
# production"). A connection the server ended is found by the pool's check when it
# is handed out, and replaced. DB_POOL_MAX_SIZE=0: no pool, one persistent
# connection per thread instead.
DB_POOL_MAX_SIZE = env.int("DB_POOL_MAX_SIZE", 4)
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql" and DB_POOL_MAX_SIZE:
    DATABASES["default"]["CONN_MAX_AGE"] = 0  # the pool keeps them
    DATABASES["default"]["OPTIONS"] = {
        "pool": {
            "min_size": min(env.int("DB_POOL_MIN_SIZE", 1), DB_POOL_MAX_SIZE),
            "max_size": DB_POOL_MAX_SIZE,
            # How long a request waits for a connection before it fails (a
            # 503). A sync web worker or a Celery child uses one connection
            # at a time, so it waits only when the database does not answer:
            # the pool retries in the background, the request gives up soon.
            "timeout": env.float("DB_POOL_TIMEOUT", 2.0),
        },
    }
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # The web server and the embedded worker share the file: wait for locks
    # instead of failing, and take the write lock at the start of a
    # transaction so two writers never deadlock on an upgrade.
    DATABASES["default"]["OPTIONS"] = {
        "timeout": 20,
        "transaction_mode": "IMMEDIATE",
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
    DATABASES["default"]["CONN_MAX_AGE"] = 0
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# -- cache (rate limits) ---------------------------------------------------------

REDIS_URL = env.str("REDIS_URL", "")
if REDIS_URL:
    # A request never waits long for a Redis that does not answer.
    _redis = {"LOCATION": REDIS_URL, "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1}}
    CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", **_redis},
        # The rate limits count in each process while Redis is down (config/cache.py).
        "limits": {"BACKEND": "config.cache.SharedOrLocalCache", **_redis},
    }
else:
    # One process in development: counters in memory are enough.
    _memory = "django.core.cache.backends.locmem.LocMemCache"
    CACHES = {
        "default": {"BACKEND": _memory},
        "limits": {"BACKEND": _memory, "LOCATION": "limits"},
    }

# -- live pages (server-sent events) ---------------------------------------------

# The Redis through which every process's events reach every stream process
# (the cache's by default). Without one, the one ASGI process of `bin/run`
# holds the streams, and other processes post their events to it at
# LIVE_PUBLISH_URL.
LIVE_REDIS_URL = env.str("LIVE_REDIS_URL", REDIS_URL)
LIVE_REDIS_CHANNEL = env.str("LIVE_REDIS_CHANNEL", "tabletop-live")
LIVE_PUBLISH_URL = env.str("LIVE_PUBLISH_URL", "")
# django-eventstream: the table channels resume from the tables' revisions.
EVENTSTREAM_STORAGE_CLASS = "live.storage.TableRevisions"
EVENTSTREAM_CHANNELMANAGER_CLASS = "live.access.ChannelManager"

# -- accounts --------------------------------------------------------------------

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# How long a process trusts an API token it has checked (0: check each time).
API_TOKEN_CACHE_SECONDS = env.int("API_TOKEN_CACHE_SECONDS", 30)
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "lobby"
LOGOUT_REDIRECT_URL = "lobby"

LANGUAGE_CODE = "en-gb"
TIME_ZONE = "UTC"
USE_I18N = False
USE_TZ = True

# -- static files ----------------------------------------------------------------

STATIC_URL = "static/"
STATIC_ROOT = VAR_DIR / "static"
STATIC_ROOT.mkdir(exist_ok=True)
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"
        if not DEBUG
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}

# -- email -----------------------------------------------------------------------


# smtp://user:password@host:587?tls=1, smtp://…:465?ssl=1, console://,
# file:///path/to/folder, memory://, dummy:// (dj-email-url's schemes).
_email_url = env.str("EMAIL_URL", "console://")
_email = env.dj_email_url("EMAIL_URL", "console://")
if "EMAIL_BACKEND" not in _email:
    raise ImproperlyConfigured(
        f"EMAIL_URL: unknown scheme {urlparse(_email_url).scheme!r} "
        "(smtp, submission, console, file, memory or dummy)."
    )
if urlparse(_email_url).scheme == "file":
    # dj-email-url reads file:///var/mail as the relative var/mail.
    _email["EMAIL_FILE_PATH"] = urlparse(_email_url).path
globals().update(_email)
DEFAULT_FROM_EMAIL = env.str("DEFAULT_FROM_EMAIL", f"{SITE_NAME} <noreply@localhost>")

# -- celery ----------------------------------------------------------------------

CELERY_BROKER_URL = env.str("CELERY_BROKER_URL", "")
if not CELERY_BROKER_URL:
    # Embedded default: a broker made of folders, so a real worker and beat
    # run on a fresh machine with no server to install.
    CELERY_BROKER_URL = "filesystem://"
    _broker_dir = VAR_DIR / "broker"
    for _sub in ("queue", "processed", "control"):
        (_broker_dir / _sub).mkdir(parents=True, exist_ok=True)
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(_broker_dir / "queue"),
        "data_folder_out": str(_broker_dir / "queue"),
        "processed_folder": str(_broker_dir / "processed"),
        # Its exchanges' tables (by default a control/ folder wherever the
        # process was started).
        "control_folder": str(_broker_dir / "control"),
        "store_processed": False,
        "polling_interval": 0.5,
    }
CELERY_TASK_ALWAYS_EAGER = env.bool("CELERY_TASK_ALWAYS_EAGER", False)
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_ACKS_LATE = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_BEAT_SCHEDULER = "django_celery_beat.schedulers:DatabaseScheduler"
CELERY_TIMEZONE = TIME_ZONE
# Bots think on their own queue: a worker must consume it (-Q celery,bots).
CELERY_TASK_ROUTES = {"autoplay.tasks.bot_move": {"queue": "bots"}}
# A bot seat asked this long ago is queued again by the sweep (its task lost).
BOT_STALE_SECONDS = env.int("BOT_STALE_SECONDS", 120)
# Fail fast when the broker is down: the outbox keeps what could not be queued.
CELERY_BROKER_CONNECTION_TIMEOUT = 2
SWEEP_SECONDS = env.int("SWEEP_SECONDS", 60)
# How long an email's unsubscribe link keeps working.
UNSUBSCRIBE_TOKEN_DAYS = env.int("UNSUBSCRIBE_TOKEN_DAYS", 365)
# Outbox rows still pending after this long are sent by the periodic drain.
OUTBOX_RETRY_SECONDS = env.int("OUTBOX_RETRY_SECONDS", 20)
CELERY_BEAT_SCHEDULE = {
    "sweep-deadlines": {"task": "tables.tasks.sweep_deadlines", "schedule": SWEEP_SECONDS},
    "drain-outbox": {"task": "notifications.tasks.drain_outbox", "schedule": SWEEP_SECONDS},
    # A bot's task is lost only when a worker or the broker is: looking for
    # them twice per BOT_STALE_SECONDS is enough, and leaves a worker on the
    # embedded broker (which picks up one task per poll) free for the clocks.
    # The entry keeps its name: beat's stored task of that name (the database
    # scheduler updates it by name at start) then runs the task's new path.
    "requeue-bots": {
        "task": "autoplay.tasks.requeue_waiting_bots",
        "schedule": max(SWEEP_SECONDS, BOT_STALE_SECONDS // 2),
    },
    # A game whose rating failed after it ended (see players.ratings).
    "rate-missed-games": {"task": "players.tasks.rate_missed_games", "schedule": 300},
    # Tournaments due to start, and rounds due (the next one normally starts
    # from the end of the round before; this catches any that did not). Not
    # every sweep: a worker on the embedded broker takes one task per poll,
    # and the clocks' sweep must not wait behind it.
    "start-tournaments": {
        "task": "tournaments.tasks.start_due",
        "schedule": env.int("TOURNAMENT_SWEEP_SECONDS", max(SWEEP_SECONDS, 10)),
    },
    "daily-digest": {
        "task": "notifications.tasks.send_digests",
        "schedule": crontab(hour=env.int("DIGEST_HOUR", 7), minute=0),
    },
}

# -- web push --------------------------------------------------------------------

# The site's VAPID key pair (raw URL-safe base64, as `manage.py vapid_keys`
# prints them) and a contact the push services can write to (mailto: or
# https:). With no keys, push is off. Never change the keys once set: every
# device's subscription is bound to the public key, and would stop working.
VAPID_PUBLIC_KEY = env.str("VAPID_PUBLIC_KEY", "")
VAPID_PRIVATE_KEY = env.str("VAPID_PRIVATE_KEY", "")
VAPID_SUBJECT = env.str("VAPID_SUBJECT", "")

# -- email replies ---------------------------------------------------------------

# The domain whose addresses take replies to turn emails: an MX record points
# it at the machine running `manage.py inbound_smtp`, or a mail service posts
# what it receives there to the inbound webhook. Unset: turn emails carry no
# reply address and say nothing of replying.
INBOUND_EMAIL_DOMAIN = env.str("INBOUND_EMAIL_DOMAIN", "").strip().lower().strip("@.")
# The largest message the SMTP server takes (a reply is a few kilobytes; one
# quoting an HTML email with its pictures, a few hundred).
INBOUND_EMAIL_MAX_BYTES = env.int("INBOUND_EMAIL_MAX_BYTES", 2 * 1024 * 1024)
# Short emails back to replies that played nothing, per player and hour: a
# loop with a mail robot answering them stops after these.
REPLY_ANSWERS_PER_HOUR = env.int("REPLY_ANSWERS_PER_HOUR", 3)
# django-anymail's inbound webhooks: the basic-auth "user:password" a mail
# service posts with (required: the webhooks answer 404 without it), and any
# service's own keys as ANYMAIL_<SERVICE>_<SETTING> (for example
# ANYMAIL_MAILGUN_WEBHOOK_SIGNING_KEY).
INBOUND_WEBHOOK_SECRET = env.str("INBOUND_WEBHOOK_SECRET", "")
ANYMAIL = {
    **{
        name.removeprefix("ANYMAIL_"): value
        for name, value in os.environ.items()
        if name.startswith("ANYMAIL_")
    },
    "WEBHOOK_SECRET": INBOUND_WEBHOOK_SECRET,
}

# -- security --------------------------------------------------------------------

SESSION_COOKIE_HTTPONLY = True
CSRF_COOKIE_HTTPONLY = False  # HTMX reads the token from the page, not the cookie
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
if not DEBUG:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env.bool("SECURE_SSL_REDIRECT", True)
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", 60 * 60 * 24 * 365)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True

CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "connect-src": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
        "base-uri": ["'self'"],
        "object-src": ["'none'"],
    }
}

RATELIMIT_ENABLE = env.bool("RATELIMIT_ENABLE", True)
RATELIMIT_VIEW = "config.views.ratelimited"
RATELIMIT_USE_CACHE = "limits"
# How many proxies in front of the site append to X-Forwarded-For (a
# TLS-terminating proxy: 1); rate limits then count the client's address.
TRUSTED_PROXIES = env.int("TRUSTED_PROXIES", 0)
RATELIMIT_IP_META_KEY = "config.limits.client_ip"
# Moves: a guard against runaway scripts, far above what play needs.
MOVE_RATE_PER_USER = env.str("MOVE_RATE_PER_USER", "1200/m")
MOVE_RATE_PER_TABLE = env.str("MOVE_RATE_PER_TABLE", "300/m")
# Chat messages per user, all tables together: a conversation, not a flood.
CHAT_RATE_PER_USER = env.str("CHAT_RATE_PER_USER", "10/m")

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env.str("LOG_LEVEL", "INFO")},
    "loggers": {
        "django.db.backends": {"level": "INFO"},
        # It logs every stream opened and closed.
        "django_eventstream": {"level": "WARNING"},
    },
}
