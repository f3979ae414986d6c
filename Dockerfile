FROM python:3.11-slim
WORKDIR /app
# The locked dependencies, checked against their hashes, in a layer of their own (rebuilt only when
# the lock changes); then the project itself without dependencies (docs/DEVELOPMENT.md).
COPY requirements.lock ./
RUN pip install --no-cache-dir --require-hashes -r requirements.lock
COPY pyproject.toml README.md LICENSE ./
COPY src ./src
# src/dorhami/static links here; the wheel built below holds the files themselves.
COPY static ./static
# A real install (not editable): the server, its migrations and its browser client are the package.
# /data is made before VOLUME and owned by the server's user, so a new volume starts writable by it.
RUN pip install --no-cache-dir --no-deps . && rm -rf /app/src /app/static /app/requirements.lock \
    && useradd --create-home dorhami && mkdir /data && chown dorhami:dorhami /data
# SQLite by default, on a volume: the database (and its serving lock) outlive the container.
# docker-compose.yml sets DATABASE_URL to its PostgreSQL instead.
ENV DATABASE_URL=sqlite:////data/dorhami.db
VOLUME /data
USER dorhami
WORKDIR /home/dorhami
EXPOSE 8000
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=5 \
  CMD python -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/readyz', timeout=2)"
CMD ["dorhami", "serve", "--host", "0.0.0.0", "--port", "8000"]
