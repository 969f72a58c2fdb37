package com.vramadvisor.scenario;

import com.vramadvisor.files.UntrustedText;
import java.util.Locale;

/** File ids of enum values: lowercase with hyphens ({@code sgd-momentum}, {@code bf16-mixed}), as on the command line. */
final class Ids {

    private Ids() {
    }

    static String of(Enum<?> value) {
        return value.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /**
     * The constant whose id is {@code text}; hyphens and underscores are interchangeable, case is ignored.
     *
     * @throws ScenarioFileException naming {@code path} and the accepted ids when nothing matches
     */
    static <E extends Enum<E>> E parse(Class<E> type, String text, String path) throws ScenarioFileException {
        String wanted = text.trim().toLowerCase(Locale.ROOT).replace('_', '-');
        StringBuilder accepted = new StringBuilder();
        for (E e : type.getEnumConstants()) {
            if (of(e).equals(wanted)) {
                return e;
            }
            accepted.append(accepted.length() == 0 ? "" : ", ").append(of(e));
        }
        throw new ScenarioFileException(ScenarioFileException.Reason.INVALID_VALUE,
                path + ": unknown value " + UntrustedText.quote(text) + " (expected one of " + accepted + ")");
    }
}
