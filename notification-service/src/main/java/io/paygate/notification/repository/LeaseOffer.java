package io.paygate.notification.repository;

import io.paygate.notification.NotificationDraft;

import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;

/**
 * Room the dispatcher of this instance offers a store for attempts it starts at once (the hand-off,
 * {@link NotificationStore}): per merchant, how many notifications it may lease in the store transaction, under which
 * token and for how long. {@link #NONE} leases nothing.
 */
public record LeaseOffer(UUID token, Duration lease, Map<String, Integer> room) {

    public static final LeaseOffer NONE = new LeaseOffer(new UUID(0, 0), Duration.ofSeconds(1), Map.of());

    public LeaseOffer {
        Objects.requireNonNull(token, "token");
        Objects.requireNonNull(lease, "lease");
        room = Map.copyOf(room);
    }

    /** Whether it offers any room. */
    public boolean isEmpty() {
        return room.values().stream().noneMatch(r -> r > 0);
    }

    /**
     * Which drafts to lease if they can be: the newest of each resource in the batch (the older ones are stored
     * OBSOLETE), in batch order while its merchant has room.
     */
    boolean[] wishes(List<NotificationDraft> drafts) {
        boolean[] wished = new boolean[drafts.size()];
        if (isEmpty()) {
            return wished;
        }
        Map<String, Integer> newest = new LinkedHashMap<>();
        for (int i = 0; i < drafts.size(); i++) {
            newest.merge(drafts.get(i).resourceKey(), i,
                    (kept, next) -> drafts.get(next).sequence() >= drafts.get(kept).sequence() ? next : kept);
        }
        Map<String, Integer> left = new HashMap<>(room);
        for (int i = 0; i < drafts.size(); i++) {
            NotificationDraft draft = drafts.get(i);
            if (newest.get(draft.resourceKey()) == i && left.getOrDefault(draft.merchantId(), 0) > 0) {
                left.merge(draft.merchantId(), -1, Integer::sum);
                wished[i] = true;
            }
        }
        return wished;
    }
}
