# The app image for docker-compose.yml: one jar, run as an app node or (DUELHALL_MODE=edge) as a spectator edge.
FROM eclipse-temurin:17-jdk AS build
WORKDIR /src
# the whole reactor (every module of pom.xml); .dockerignore keeps target/ and data/ out
COPY . .
RUN ./mvnw -B -ntp -DskipTests package -pl infra -am
# Faster start-up (docs/benchmarks.md, 7): the jar extracted into plain jars (app + lib/), which load faster than
# the nested jars of infra/target/duelhall.jar ...
RUN java -Djarmode=tools -jar infra/target/duelhall.jar extract --destination /app

FROM eclipse-temurin:17-jre
# curl for the compose health checks
RUN apt-get update && apt-get install -y --no-install-recommends curl && rm -rf /var/lib/apt/lists/*
RUN useradd --system --home /app duelhall && mkdir -p /app/data /app/keys && chown duelhall /app/data /app/keys
WORKDIR /app
COPY --from=build /app /app
ENV AXONIQ_UPDATE_CHECKER_DISABLED=true \
    DUELHALL_DATA_DIR=/app/data
# ... and a class-data-sharing archive of the classes a start loads, made with this image's JVM by one training start
# that stops once the application context is up (on a throw-away data directory): about half the CPU to ready.
RUN java -XX:ArchiveClassesAtExit=/app/duelhall.jsa -Dspring.context.exit=onRefresh -jar /app/duelhall.jar \
        --duelhall.data-dir=/tmp/cds-training --server.port=0 && rm -rf /tmp/cds-training
USER duelhall
EXPOSE 8080
# ExitOnOutOfMemoryError: a JVM out of heap ends (to be restarted) instead of staying up with dead threads
ENTRYPOINT ["java", "-XX:MaxRAMPercentage=75", "-XX:+ExitOnOutOfMemoryError", "-XX:SharedArchiveFile=/app/duelhall.jsa", "-jar", "/app/duelhall.jar"]
