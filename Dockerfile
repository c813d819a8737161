# fedrank's image: the README's install (`make setup`) in a slim Python, run as a plain user.
#   docker build -t fedrank .
#   docker run --env-file .env -p 8080:8080 -v fedrank-data:/data fedrank
# Without FEDRANK_DATABASE_URL the SQLite database lives in the /data volume.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /src
# Exactly the pinned, hash-checked versions of the runtime's lock, in their own layer so that
# a change of fedrank's code does not reinstall them. requirements.lock holds what fedrank
# needs to run and nothing of the dev extra (the tests, lint and type tools live in
# requirements-dev.lock, which `make setup` installs and the image never does).
COPY requirements.lock ./
RUN python -m pip install --require-hashes -r requirements.lock
# Then fedrank itself, without dependencies; `pip check` fails if the lock lacks one.
COPY pyproject.toml README.md ./
COPY fedrank ./fedrank
RUN python -m pip install --no-deps . && python -m pip check && rm -rf /src
COPY deploy/entrypoint.sh /usr/local/bin/fedrank-entrypoint

RUN useradd --system --uid 10001 --user-group --home-dir /data --create-home fedrank
USER fedrank
WORKDIR /data
VOLUME /data

ENV FEDRANK_DATABASE_URL=sqlite+aiosqlite:////data/fedrank.db \
    FEDRANK_HTTP=0.0.0.0:8080
EXPOSE 8080
# fedrank stops on SIGTERM within the scheduler's grace (30 s): give it 45 s before SIGKILL
# (`docker stop -t 45`; compose.yaml sets stop_grace_period).
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=30s --timeout=10s --start-period=60s \
    CMD ["python", "-c", "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8080/healthz', timeout=8)"]
ENTRYPOINT ["fedrank-entrypoint"]
CMD []
