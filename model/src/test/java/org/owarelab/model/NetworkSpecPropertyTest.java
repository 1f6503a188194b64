package org.owarelab.model;

import static org.junit.jupiter.api.Assertions.assertTrue;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.owarelab.util.Inputs;
import org.owarelab.util.Texts;

/** Network specs as a user types them: a spec (whose text form reads back) or one line naming the spec. */
class NetworkSpecPropertyTest {
    @Provide
    Arbitrary<String> networks() {
        Arbitrary<String> shaped = Arbitraries.of("mlp", "resnet", "cnn", "MLP", "").flatMap(k -> Arbitraries.of(
                "hidden=64x64", "hidden=0", "hidden=64xx", "blocks=2", "channels=9999", "value=wdl", "value=x",
                "aux=on", "aux=maybe", "hidden=\"8x8\"").list().ofMaxSize(3).map(l -> l.isEmpty() ? k : k + ":" + String.join(",", l)));
        return Arbitraries.oneOf(shaped, Inputs.hostile("=,:x\" mlpresntdhiuvaw0123456789", 30));
    }

    @Property
    void networkSpecsParseOrSayWhy(@ForAll("networks") String text) {
        try {
            NetworkSpec s = NetworkSpec.parse(text);
            assertTrue(s.equals(NetworkSpec.parse(s.spec())), "the text form reads back");
        } catch (NetworkSpecException e) {
            String m = e.getMessage();
            assertTrue(Inputs.oneLine(m), () -> "not one printable line: " + Texts.escape(m));
            assertTrue(text.isBlank() ? m.startsWith("network spec is empty")
                    : m.startsWith("network spec '" + Texts.escape(text) + "'"), () -> "does not name the spec: " + m);
        }
    }
}
