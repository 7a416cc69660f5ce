package io.paygate.kit.config;

import java.util.List;

/**
 * What a service runs of the sandbox (docs/contract.md §2): a sandbox payment channel, the sandbox bank, the simulate
 * endpoints. Each service provides one bean listing what it has switched on, so that {@link ProductionPosture} can
 * refuse to start a production deployment that would run any of it unawares.
 */
public interface SandboxUse {

    /** One line per sandbox path that is on, naming the key that turns it off; empty when none is. */
    List<String> inUse();
}
