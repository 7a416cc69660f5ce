package io.paygate.notification.support;

import io.paygate.model.event.Topics;
import io.paygate.testsupport.quarkus.KafkaResource;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Creates the event topics and the dead-letter topic on the test broker before the service subscribes. */
public class NotificationTopicsResource implements QuarkusTestResourceLifecycleManager {

    public static final String DEAD_LETTER_TOPIC = "notification-dead-letter";

    @Override
    public Map<String, String> start() {
        List<String> topics = new ArrayList<>(Topics.ALL);
        topics.add(DEAD_LETTER_TOPIC);
        KafkaResource.broker().createTopics(3, topics);
        return Map.of();
    }

    @Override
    public void stop() {
    }
}
