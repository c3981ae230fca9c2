package io.duelhall.infra.web;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.stream.Stream;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * Headless Chromium from Debian's packages, driven over WebDriver ({@code chromium-driver}):
 * Chromium's headless shell ({@code chromium-headless-shell}: the same Blink and V8 as the browser,
 * without its desktop parts; what Puppeteer and Playwright run headless) where it is installed, as
 * {@code .ci/run} does, else the browser itself ({@code chromium}) in its headless mode ({@code
 * -Dduelhall.chromium=/usr/bin/chromium} picks it). Where neither is there the browser tests are
 * skipped with a loud message, or fail when {@code DUELHALL_REQUIRE_BROWSER=true} (set by {@code
 * .ci/run}).
 */
final class Browser implements AutoCloseable {
    /**
     * Chromium's headless shell: on the same pages it spends a fifth less CPU than the browser
     * (docs/testing.md round 19).
     */
    static final String HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

    static final String CHROMIUM =
            System.getProperty(
                    "duelhall.chromium",
                    Files.isExecutable(Path.of(HEADLESS_SHELL))
                            ? HEADLESS_SHELL
                            : "/usr/bin/chromium");

    /** Whether {@link #CHROMIUM} is the headless shell (then {@link ShellLauncher} starts it). */
    static final boolean SHELL = CHROMIUM.endsWith("headless-shell");

    static final String CHROMEDRIVER =
            System.getProperty("duelhall.chromedriver", "/usr/bin/chromedriver");
    static final Dimension DESKTOP = new Dimension(1366, 900);
    static final Dimension PHONE = new Dimension(390, 844);

    final ChromeDriver driver;
    private final Path profile;

    /** The tab the browser started with: the one a pooled browser keeps (see {@link #release}). */
    private final String home;

    private Browser(ChromeDriver driver, Path profile) {
        this.driver = driver;
        this.profile = profile;
        this.home = driver.getWindowHandle();
    }

    /** Why the browser tests cannot run here, or null if they can. */
    static String missing() {
        StringBuilder out = new StringBuilder();
        for (String path : new String[] {CHROMIUM, CHROMEDRIVER}) {
            if (!Files.isExecutable(Path.of(path))) {
                out.append(out.isEmpty() ? "" : ", ").append(path);
            }
        }
        return out.isEmpty()
                ? null
                : "no "
                        + out
                        + ": install Debian's packages with "
                        + "`apt-get install -y chromium-headless-shell chromium-driver` (.ci/run"
                        + " does)";
    }

    static boolean required() {
        return Boolean.parseBoolean(System.getenv("DUELHALL_REQUIRE_BROWSER"));
    }

    /** Most idle browsers kept per test JVM (each a Chromium and a chromedriver process). */
    static final int POOL_SIZE = 4;

    private static final java.util.Deque<Browser> IDLE = new java.util.ArrayDeque<>();

    static {
        Runtime.getRuntime()
                .addShutdownHook(
                        new Thread(
                                () -> {
                                    synchronized (IDLE) {
                                        IDLE.forEach(Browser::quietlyClose);
                                        IDLE.clear();
                                    }
                                }));
    }

    /**
     * A browser for one test (issue 47): an idle one of this JVM, reset to a fresh state by {@link
     * #release(String...)}, at {@code size}; else a newly started one. Starting Chromium and its
     * driver costs far more than the reset.
     */
    static Browser lease(Dimension size) {
        while (true) {
            Browser b;
            synchronized (IDLE) {
                b = IDLE.poll();
            }
            if (b == null) {
                return open(size);
            }
            try {
                b.driver.manage().window().setSize(size);
                return b;
            } catch (RuntimeException broken) {
                b.quietlyClose();
            }
        }
    }

    /**
     * Back to the pool at the end of a test, as a new browser would start: its first tab on
     * about:blank (every other tab closed; pages, streams and timers gone; session storage of the
     * app's origins cleared), no cookies, no cache, nothing stored for {@code origins} (local
     * storage, IndexedDB, cache storage, service workers: Storage.clearDataForOrigin "all"), and no
     * console messages left (WebPoolTest shows a released browser comes back clean). A browser that
     * cannot be reset is closed.
     */
    void release(String... origins) {
        try {
            java.util.Set<String> tabs = driver.getWindowHandles();
            if (!tabs.contains(home)) {
                throw new IllegalStateException("the first tab was closed");
            }
            for (String tab : tabs) {
                driver.switchTo().window(tab);
                String at = driver.getCurrentUrl();
                for (String origin : origins) {
                    if (at != null && (at.equals(origin) || at.startsWith(origin + "/"))) {
                        // the tab's own session storage (Storage.clearDataForOrigin has none)
                        driver.executeScript("sessionStorage.clear();");
                    }
                }
                if (!tab.equals(home)) {
                    driver.close();
                }
            }
            // the first tab stays (a tab opened here would not be the window's active one): its
            // page, streams and timers end with the navigation
            driver.switchTo().window(home);
            driver.get("about:blank");
            driver.executeCdpCommand("Network.clearBrowserCookies", Map.of());
            // a test may have sent every request with headers of its own (WebQueueTest's
            // X-Forwarded-For)
            driver.executeCdpCommand("Network.setExtraHTTPHeaders", Map.of("headers", Map.of()));
            driver.executeCdpCommand("Network.clearBrowserCache", Map.of());
            for (String origin : origins) {
                driver.executeCdpCommand(
                        "Storage.clearDataForOrigin",
                        Map.of("origin", origin, "storageTypes", "all"));
            }
            driver.manage().logs().get(org.openqa.selenium.logging.LogType.BROWSER);
            if (driver.getWindowHandles().size() != 1) {
                throw new IllegalStateException("not reset");
            }
        } catch (RuntimeException notReset) {
            quietlyClose();
            return;
        }
        synchronized (IDLE) {
            if (IDLE.size() < POOL_SIZE) {
                IDLE.push(this);
                return;
            }
        }
        quietlyClose();
    }

    private void quietlyClose() {
        try {
            close();
        } catch (RuntimeException ignored) {
            // a browser that is gone already
        }
    }

    static Browser open(Dimension size) {
        Path profile;
        try {
            profile = Files.createTempDirectory("duelhall-chromium-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        ChromeOptions options = new ChromeOptions();
        options.setBinary(SHELL ? ShellLauncher.PATH : CHROMIUM);
        // the shell is headless only (chromedriver reads the flag to drive it as headless); the
        // browser in its new headless mode, which before Chromium 132 was not the default
        options.addArguments(SHELL ? "--headless" : "--headless=new");
        options.addArguments(
                "--no-sandbox",
                "--disable-dev-shm-usage",
                "--disable-gpu",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                // issue 47: fewer processes for the same pages. No extensions; no spare renderer
                // started ahead of a navigation and no isolation trials (one app on localhost); no
                // translate, media router, optimization hints, autofill or certificate list
                // downloads (chromedriver adds its own --disable-features to these)
                "--disable-extensions",
                "--disable-site-isolation-trials",
                "--disable-features=SpareRendererForSitePerProcess,Translate,OptimizationHints,"
                        + "OptimizationGuideModelDownloading,MediaRouter,DialMediaRouteProvider,"
                        + "AutofillServerCommunication,CertificateTransparencyComponentUpdater,"
                        + "LensOverlay",
                "--user-data-dir=" + profile,
                "--window-size=" + size.getWidth() + "," + size.getHeight());
        // the console, to catch Content-Security-Policy violations (issue 20, finding 9: WebTest
        // fails on any)
        options.setCapability("goog:loggingPrefs", java.util.Map.of("browser", "ALL"));
        ChromeDriverService service =
                new ChromeDriverService.Builder()
                        .usingDriverExecutable(new File(CHROMEDRIVER))
                        .usingAnyFreePort()
                        .build();
        ChromeDriver driver = new ChromeDriver(service, options);
        driver.manage().window().setSize(size);
        return new Browser(driver, profile);
    }

    /**
     * chromedriver starts the browser with no page to open (it passes no URL, the browser opens a
     * blank tab of its own accord); the headless shell then opens none, and chromedriver finds no
     * page to drive ("unable to discover open pages"). This script, made once per test JVM, starts
     * the shell with chromedriver's command line and {@code about:blank}.
     */
    private static final class ShellLauncher {
        static final String PATH = make();

        private static String make() {
            try {
                Path dir = Files.createTempDirectory("duelhall-shell-");
                Path script = dir.resolve("chromium-headless-shell");
                // Debian's /usr/bin one is a script that starts this binary as its child
                Path debian = Path.of("/usr/lib/chromium/chromium-headless-shell");
                String binary =
                        CHROMIUM.equals(HEADLESS_SHELL) && Files.isExecutable(debian)
                                ? debian.toString()
                                : CHROMIUM;
                Files.writeString(script, "#!/bin/sh\nexec '" + binary + "' \"$@\" about:blank\n");
                if (!script.toFile().setExecutable(true)) {
                    throw new IOException("cannot make " + script + " executable");
                }
                dir.toFile().deleteOnExit(); // deleted in the reverse order: the script first
                script.toFile().deleteOnExit();
                return script.toString();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /**
     * Saves a PNG of the page as {@code name} when {@code DUELHALL_SCREENSHOTS} names a directory
     * (docs/img).
     */
    void screenshot(String name) {
        String dir = System.getenv("DUELHALL_SCREENSHOTS");
        if (dir == null || dir.isBlank()) {
            dir = System.getProperty("duelhall.screenshots");
        }
        if (dir == null || dir.isBlank()) {
            return;
        }
        try {
            Path target = Path.of(dir).toAbsolutePath().resolve(name);
            Files.createDirectories(target.getParent());
            Files.write(target, driver.getScreenshotAs(OutputType.BYTES));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The whole page, not only the window: the viewport is set to the page's height for the shot
     * (at most 2400 px).
     */
    void fullScreenshot(String name, int width) {
        Number height =
                (Number)
                        driver.executeScript(
                                "return Math.ceil(document.documentElement.scrollHeight)");
        driver.executeCdpCommand(
                "Emulation.setDeviceMetricsOverride",
                Map.of(
                        "width",
                        width,
                        "height",
                        Math.min(2400, height.intValue()),
                        "deviceScaleFactor",
                        1,
                        "mobile",
                        false));
        try {
            screenshot(name);
        } finally {
            driver.executeCdpCommand("Emulation.clearDeviceMetricsOverride", Map.of());
        }
    }

    /**
     * Console messages about the page's Content-Security-Policy (a blocked script, style, image or
     * request).
     */
    java.util.List<String> cspViolations() {
        java.util.List<String> out = new java.util.ArrayList<>();
        for (org.openqa.selenium.logging.LogEntry e :
                driver.manage().logs().get(org.openqa.selenium.logging.LogType.BROWSER)) {
            if (e.getMessage().contains("Content Security Policy")) {
                out.add(e.getMessage());
            }
        }
        return out;
    }

    @Override
    public void close() {
        try {
            driver.quit();
        } finally {
            try (Stream<Path> files = Files.walk(profile)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            } catch (IOException ignored) {
                // a temp dir left behind
            }
        }
    }
}
