# The bot in a container; games persist on the /data volume.
FROM python:3.11-slim
WORKDIR /app
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY engines ./engines
COPY renderers ./renderers
RUN pip install --no-cache-dir . && useradd --create-home fishbot && mkdir /data && chown fishbot /data
USER fishbot
ENV FISHBOT_DB=/data/fishbot.db PYTHONUNBUFFERED=1
VOLUME ["/data"]
CMD ["fishbot", "run"]
