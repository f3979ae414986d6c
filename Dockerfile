FROM python:3.11-slim
WORKDIR /app
COPY pyproject.toml README.md ./
COPY src ./src
# src/dorhami/static links here; the wheel built below holds the files themselves.
COPY static ./static
# A real install (not editable): the server, its migrations and its browser client are the package.
RUN pip install --no-cache-dir . && rm -rf /app/src /app/static && useradd --create-home dorhami
USER dorhami
WORKDIR /home/dorhami
EXPOSE 8000
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=5 \
  CMD python -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/readyz', timeout=2)"
CMD ["dorhami", "serve", "--host", "0.0.0.0", "--port", "8000"]
