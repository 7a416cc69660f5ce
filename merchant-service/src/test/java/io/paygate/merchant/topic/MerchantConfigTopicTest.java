package io.paygate.merchant.topic;

import io.paygate.merchant.support.MerchantTestResources;
import io.paygate.model.event.Topics;
import io.paygate.testsupport.quarkus.KafkaResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.config.TopicConfig;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * docs/contract.md §10: merchant-service makes merchant-config compacted (the topic keeps each merchant's last state),
 * with the configured partitions, before its first event; asking again when it exists is no failure.
 */
@QuarkusTest
@MerchantTestResources
class MerchantConfigTopicTest {

    @Inject
    MerchantConfigTopic topic;

    @Test
    void theTopicIsCompactedWithTheConfiguredPartitions() throws Exception {
        assertTrue(topic.exists());
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
                KafkaResource.broker().bootstrapServers()))) {
            ConfigResource resource = new ConfigResource(ConfigResource.Type.TOPIC, Topics.MERCHANT_CONFIG);
            Config config = admin.describeConfigs(List.of(resource)).all().get(30, TimeUnit.SECONDS).get(resource);
            assertEquals(TopicConfig.CLEANUP_POLICY_COMPACT, config.get(TopicConfig.CLEANUP_POLICY_CONFIG).value());
            assertEquals(3, admin.describeTopics(List.of(Topics.MERCHANT_CONFIG)).allTopicNames()
                    .get(30, TimeUnit.SECONDS).get(Topics.MERCHANT_CONFIG).partitions().size());
        }
        topic.ensure();
        assertTrue(topic.exists());
    }
}
