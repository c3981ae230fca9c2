# The app image for docker-compose.yml: one jar, run as an app node or (DUELHALL_MODE=edge) as a spectator edge.
FROM eclipse-temurin:17-jdk AS build
WORKDIR /src
# the whole reactor (every module of pom.xml); .dockerignore keeps target/ and data/ out
COPY . .
RUN ./mvnw -B -ntp -DskipTests package -pl infra -am
# Faster start-up (docs/benchmarks.md, 7): the jar extracted into plain jars (app + lib/), which load faster than
# the nested jars of infra/target/duelhall.jar ...
RUN java -Djarmode=tools -jar infra/target/duelhall.jar extract --destination /app

# The runtime is Temurin 25 (the classes are Java 17 bytecode; the build and `java -jar` still work on 17): its AOT cache
# (JEP 483/514) loads and links the classes of a start ahead of time, which a JDK 17 archive cannot (issue 46).
FROM eclipse-temurin:25-jre
# curl for the compose health checks
RUN apt-get update && apt-get install -y --no-install-recommends curl && rm -rf /var/lib/apt/lists/*
RUN useradd --system --home /app duelhall && mkdir -p /app/data /app/keys && chown duelhall /app/data /app/keys
WORKDIR /app
COPY --from=build /app /app
ENV AXONIQ_UPDATE_CHECKER_DISABLED=true \
    DUELHALL_DATA_DIR=/app/data
# ... and an AOT cache of the classes a start loads and links (JEP 483/514; on JDK 17 the same step is a class-data-sharing
# archive, -XX:ArchiveClassesAtExit, as ./run makes it there), made with this image's JVM and the entrypoint's options
# by one training start that stops once the application context is up (on a throw-away data directory). A JVM that
# cannot use it (another JDK, other options) says so and starts without it.
# (-XX:MaxRAM: the build host's memory must not size the training heap past 32 GB, where compressed oops are off and
# the cache would not fit a normal container's JVM)
RUN java -XX:MaxRAMPercentage=75 -XX:MaxRAM=16g -XX:AOTCacheOutput=/app/duelhall.aot -Dspring.context.exit=onRefresh -jar /app/duelhall.jar \
        --duelhall.data-dir=/tmp/aot-training --server.port=0 && rm -rf /tmp/aot-training /app/duelhall.aot.config
USER duelhall
EXPOSE 8080
# ExitOnOutOfMemoryError: a JVM out of heap ends (to be restarted) instead of staying up with dead threads
ENTRYPOINT ["java", "-XX:MaxRAMPercentage=75", "-XX:+ExitOnOutOfMemoryError", "-XX:AOTCache=/app/duelhall.aot", "-jar", "/app/duelhall.jar"]
