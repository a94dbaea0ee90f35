# The bot in a container; games persist on the /data volume.
FROM python:3.11-slim
WORKDIR /app
# Dependencies first, in their own layer, read from pyproject.toml: a code change does not reinstall them.
COPY pyproject.toml ./
RUN python -c "import tomllib; print('\n'.join(tomllib.load(open('pyproject.toml', 'rb'))['project']['dependencies']))" \
        > /tmp/requirements.txt \
    && pip install --no-cache-dir -r /tmp/requirements.txt
COPY README.md ./
COPY bot ./bot
COPY engines ./engines
COPY renderers ./renderers
RUN pip install --no-cache-dir --no-deps . && useradd --create-home fishbot && mkdir /data && chown fishbot /data
USER fishbot
# FISHBOT_DATA_DIR makes `fishbot run` refuse a FISHBOT_DB outside the volume (it would be lost with the container).
ENV FISHBOT_DB=/data/fishbot.db FISHBOT_DATA_DIR=/data PYTHONUNBUFFERED=1
VOLUME ["/data"]
# Healthy while the database reads and the bot's gateway heartbeat file (written every 30 s) is fresh.
HEALTHCHECK --interval=60s --timeout=15s --start-period=90s --retries=3 CMD ["fishbot", "health"]
# Stop as Ctrl-C does (the bot closes its connection and store at once) rather than being killed after 10 s.
STOPSIGNAL SIGINT
CMD ["fishbot", "run"]
