package io.paygate.notification.support;

import static io.restassured.RestAssured.given;

/** Reads {@code paygate_events_rejected_total{topic, reason}} from the service's {@code /q/metrics}. */
public final class RejectedEventsMetric {

    private RejectedEventsMetric() {
    }

    /** The counter's value for one topic and reason; 0 while it does not exist. */
    public static double value(String topic, String reason) {
        String line = line(topic, reason);
        return line == null ? 0 : Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
    }

    /** Whether the series for one topic and reason is exported. */
    public static boolean exists(String topic, String reason) {
        return line(topic, reason) != null;
    }

    private static String line(String topic, String reason) {
        String metrics = given().get("/q/metrics").then().statusCode(200).extract().asString();
        for (String line : metrics.split("\n")) {
            if (line.startsWith("paygate_events_rejected_total{") && line.contains("topic=\"" + topic + "\"")
                    && line.contains("reason=\"" + reason + "\"")) {
                return line;
            }
        }
        return null;
    }
}
