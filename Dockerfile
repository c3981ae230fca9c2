# The app image for docker-compose.yml: one jar, run as an app node or (DUELHALL_MODE=edge) as a spectator edge.
FROM eclipse-temurin:17-jdk AS build
WORKDIR /src
# the whole reactor (every module of pom.xml); .dockerignore keeps target/ and data/ out
COPY . .
RUN ./mvnw -B -ntp -DskipTests package -pl infra -am

FROM eclipse-temurin:17-jre
# curl for the compose health checks
RUN apt-get update && apt-get install -y --no-install-recommends curl && rm -rf /var/lib/apt/lists/*
RUN useradd --system --home /app duelhall && mkdir -p /app/data /app/keys && chown duelhall /app/data /app/keys
WORKDIR /app
COPY --from=build /src/infra/target/duelhall.jar /app/duelhall.jar
USER duelhall
ENV AXONIQ_UPDATE_CHECKER_DISABLED=true \
    DUELHALL_DATA_DIR=/app/data
EXPOSE 8080
ENTRYPOINT ["java", "-XX:MaxRAMPercentage=75", "-jar", "/app/duelhall.jar"]
