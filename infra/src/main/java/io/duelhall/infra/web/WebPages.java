package io.duelhall.infra.web;

import org.springframework.context.annotation.Configuration;
import org.springframework.web.servlet.config.annotation.ViewControllerRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * The web pages (docs/web.md) are static files in {@code static/} of the jar: the lobby at {@code
 * /}, the board at {@code /match.html}, the replay viewer at {@code /replay.html}. They read only
 * the JSON API.
 */
@Configuration(proxyBeanMethods = false)
class WebPages implements WebMvcConfigurer {
    @Override
    public void addViewControllers(ViewControllerRegistry registry) {
        // explicit, rather than Boot's welcome page (decided once at start-up from the static
        // locations)
        registry.addViewController("/").setViewName("forward:/index.html");
    }
}
