package io.paygate.payment.credential;

import io.paygate.kit.auth.Merchant;
import io.paygate.kit.error.ApiException;
import io.paygate.model.api.CardInfo;
import io.paygate.model.api.credential.StoredCard;
import io.paygate.model.api.credential.StoredCardDeleted;
import io.paygate.model.api.credential.StoredCardList;
import io.paygate.model.error.ErrorCase;
import io.paygate.model.ids.RandomIds;
import io.paygate.model.json.Json;
import io.paygate.payment.payment.CardStorable;
import io.paygate.payment.payment.GatewayTime;
import io.paygate.payment.payment.PaymentEntity;
import io.paygate.payment.provider.PaymentChannel;
import io.paygate.payment.provider.PaymentChannels;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.enterprise.event.Observes;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;
import org.jboss.logging.Logger;

import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Stored cards (docs/contract.md §1b): a captured payment whose customer kept "save this card" stores the card the
 * provider kept (its token, the mask, the brand, the expiry; never the number), once per card and customer (the
 * provider's fingerprint finds the card stored before); the merchant lists a customer's cards and deletes one, which
 * the provider forgets first.
 */
@ApplicationScoped
public class StoredCards {

    /** At most this many cards are listed for one customer. */
    static final int LIST_LIMIT = 100;
    private static final Logger LOG = Logger.getLogger(StoredCards.class);
    private static final String ID_PATTERN = "^[\\x21-\\x7e]{1,64}$";
    private static final String INSERT = """
            INSERT INTO stored_card (id, token_id, merchant_id, customer_id, channel, provider_token, mask, brand,
                expiry_month, expiry_year, fingerprint, first_payment_id, created_at)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)
            ON CONFLICT DO NOTHING""";

    private final StoredCardRepository cards;
    private final EntityManager entityManager;
    private final PaymentChannels channels;
    private final GatewayTime time;
    private final Event<CardForgotten> forgotten;
    private final Event<CardStored> stored;

    StoredCards(StoredCardRepository cards, EntityManager entityManager, PaymentChannels channels, GatewayTime time,
                Event<CardForgotten> forgotten, Event<CardStored> stored) {
        this.stored = stored;
        this.cards = cards;
        this.entityManager = entityManager;
        this.channels = channels;
        this.time = time;
        this.forgotten = forgotten;
    }

    /**
     * Stores the card of {@code event.payment()} (locked by the transaction that fired it) once it is both captured and
     * tokenized; the same card of the same customer stored before is the same {@code tokenId}. A concurrent twin never
     * fails the capture: the insert skips a conflict and the card is read back.
     */
    void onStorable(@Observes CardStorable event) {
        PaymentEntity p = event.payment();
        if (!p.saveCard || p.cardToken == null || p.cardFingerprint == null || p.storedCardId != null
                || !p.status.isPaid() || p.customerId == null || p.cardExpiry == null || p.cardMask == null) {
            return;
        }
        StoredCardEntity card = cards.findSame(p.merchantId, p.customerId, p.channel, p.cardFingerprint)
                .orElseGet(() -> insert(p));
        p.storedCardId = card.id;
        p.cardToken = null; // the stored card holds it now
        LOG.infof("payment %s (merchant %s): card %s %s stored as %s", p.paymentCode, p.merchantId, card.mask,
                card.brand, card.tokenId);
        stored.fire(new CardStored(p, card));
    }

    private StoredCardEntity insert(PaymentEntity p) {
        String[] expiry = p.cardExpiry.split("/");
        entityManager.createNativeQuery(INSERT)
                .setParameter(1, UUID.randomUUID())
                .setParameter(2, RandomIds.next("tok_", 24))
                .setParameter(3, p.merchantId)
                .setParameter(4, p.customerId)
                .setParameter(5, p.channel)
                .setParameter(6, p.cardToken)
                .setParameter(7, p.cardMask)
                .setParameter(8, brandOf(p.cardInfo))
                .setParameter(9, expiry[0])
                .setParameter(10, expiry[1])
                .setParameter(11, p.cardFingerprint)
                .setParameter(12, p.id)
                .setParameter(13, time.now().atOffset(java.time.ZoneOffset.UTC))
                .executeUpdate();
        return cards.findSame(p.merchantId, p.customerId, p.channel, p.cardFingerprint).orElseThrow();
    }

    private static String brandOf(String cardInfo) {
        CardInfo info = cardInfo == null ? null : Json.read(cardInfo, CardInfo.class);
        String brand = info == null || info.brand() == null || info.brand().isBlank() ? "UNKNOWN" : info.brand();
        return brand.length() > 32 ? brand.substring(0, 32) : brand;
    }

    /** {@code GET /pg/payment/card/stored?customerId=}: the customer's live cards, newest first; empty when none. */
    @Transactional
    public StoredCardList list(Merchant merchant, String customerId) {
        if (customerId == null || customerId.isEmpty()) {
            throw ApiException.mandatory("customerId");
        }
        if (!customerId.matches(ID_PATTERN)) {
            throw ApiException.invalidFormat("customerId");
        }
        return StoredCardList.of(cards.listLive(merchant.id(), customerId, LIST_LIMIT).stream()
                .map(this::view).toList());
    }

    /**
     * {@code DELETE /pg/payment/card/stored/{tokenId}}: deletes the card, and the provider forgets its token when no
     * other live card holds it (two customers who stored one card number share the provider's token: deleting one card
     * never touches the other). One transaction locks every live card sharing the token, so two deletes of two sharing
     * cards at any replicas run one after the other and the second sees itself last; the provider is asked while the
     * lock is held, and when it does not answer the whole delete rolls back ({@code 502}, nothing changed, send it
     * again). Unknown, deleted or another merchant's: {@code 404}.
     */
    public StoredCardDeleted delete(Merchant merchant, String tokenId) {
        if (tokenId == null || !tokenId.matches(ID_PATTERN)) {
            throw ApiException.notFound();
        }
        boolean forgot = QuarkusTransaction.requiringNew().call(() -> deleteLive(merchant.id(), tokenId));
        LOG.infof("stored card %s (merchant %s): deleted%s", tokenId, merchant.id(),
                forgot ? ", forgotten by the provider" : "; its provider token stays for the other cards holding it");
        return StoredCardDeleted.of(tokenId);
    }

    /** Deletes the live card {@code tokenId}; answers whether the provider forgot its token (the last holder's). */
    private boolean deleteLive(String merchantId, String tokenId) {
        StoredCardEntity card = cards.findLive(merchantId, tokenId).orElseThrow(ApiException::notFound);
        List<UUID> holders = cards.lockSharing(card.merchantId, card.channel, card.providerToken);
        if (!holders.contains(card.id)) {
            throw ApiException.notFound(); // deleted meanwhile by a twin request
        }
        boolean last = holders.size() == 1;
        if (last) {
            forget(card);
        }
        card.deletedAt = time.now();
        forgotten.fire(new CardForgotten(card.merchantId, card.id));
        return last;
    }

    private void forget(StoredCardEntity card) {
        PaymentChannel channel = channels.byName(card.channel).orElseThrow(() -> new IllegalStateException(
                "stored card " + card.tokenId + " of an unknown channel " + card.channel));
        try {
            channel.forgetCard(card.merchantId, card.providerToken);
        } catch (RuntimeException e) {
            LOG.warnf("stored card %s (merchant %s): the %s provider did not forget it (%s); answered 502",
                    card.tokenId, card.merchantId, channel.name(), e.getClass().getSimpleName());
            throw ApiException.of(ErrorCase.BAD_GATEWAY, "The payment provider did not answer");
        }
    }

    private StoredCard view(StoredCardEntity c) {
        return new StoredCard(c.tokenId, c.mask, c.brand, c.expiryMonth, c.expiryYear,
                DateTimeFormatter.ISO_OFFSET_DATE_TIME.format(c.createdAt.atZone(time.zone()).toOffsetDateTime()
                        .withNano(0)));
    }

    /** The live card {@code tokenId} of {@code customerId} at {@code merchantId}, else 404. */
    @Transactional
    public StoredCardEntity require(String merchantId, String customerId, String tokenId) {
        return cards.findLive(merchantId, tokenId).filter(c -> c.customerId.equals(customerId))
                .orElseThrow(ApiException::notFound);
    }

    /** The live card by id (a subscription's), or empty when deleted. */
    @Transactional
    public Optional<StoredCardEntity> live(UUID id) {
        return cards.findByIdOptional(id).filter(c -> c.deletedAt == null);
    }
}
