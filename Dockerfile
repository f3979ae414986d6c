FROM python:3.11-slim
WORKDIR /app
COPY pyproject.toml README.md ./
COPY src ./src
COPY static ./static
RUN pip install --no-cache-dir -e . && useradd --create-home dorhami
USER dorhami
ENV DORHAMI_STATIC=/app/static
EXPOSE 8000
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=5 \
  CMD python -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/api/games', timeout=2)"
CMD ["dorhami", "serve", "--host", "0.0.0.0", "--port", "8000"]
