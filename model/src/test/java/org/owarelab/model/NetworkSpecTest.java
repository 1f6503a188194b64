package org.owarelab.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class NetworkSpecTest {
    @ParameterizedTest
    @ValueSource(strings = {"mlp:hidden=256x256,value=tanh,aux=false", "mlp:hidden=32,value=wdl,aux=true",
        "resnet:blocks=6,channels=64,value=tanh,aux=false", "resnet:blocks=1,channels=8,value=wdl,aux=true"})
    void canonicalTextRoundTrips(String text) throws Exception {
        NetworkSpec spec = NetworkSpec.parse(text);
        assertEquals(text, spec.spec());
        String json = Checkpoints.JSON.writeValueAsString(spec);
        assertEquals(spec, Checkpoints.JSON.readValue(json, NetworkSpec.class), json);
    }

    @Test
    void defaultsAndShortForms() {
        assertEquals(NetworkSpec.mlp(256, 256), NetworkSpec.parse("mlp"));
        assertEquals(NetworkSpec.resnet(6, 64), NetworkSpec.parse("ResNet"));
        assertEquals(List.of(64, 32), NetworkSpec.parse("mlp:hidden=64x32").hidden());
        assertEquals(NetworkSpec.resnet(2, 16).withAux(true), NetworkSpec.parse("resnet:blocks=2,channels=16,aux=on"));
    }

    @Test
    void yamlStyleBindingNamesTheComponents() throws Exception {
        NetworkSpec s = new com.fasterxml.jackson.databind.ObjectMapper().readValue("{\"kind\":\"resnet\",\"blocks\":3,\"channels\":32,\"value\":\"wdl\"}",
                NetworkSpec.class);
        assertEquals(NetworkSpec.resnet(3, 32).withValue(NetworkSpec.ValueHead.WDL), s);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "cnn:blocks=2 | at column 1: network kind 'cnn'",
        "mlp:hidden=0 | at column 12: hidden=0: expected widths 1..4096 joined by x",
        "mlp:hidden=64xx | hidden=64xx: expected widths",
        "mlp:blocks=2 | at column 5: unknown option 'blocks' for mlp",
        "resnet:blocks=0 | at column 15: blocks=0: expected a whole number 1..64",
        "resnet:channels=8,hidden=3 | unknown option 'hidden'",
        "mlp:value=scalar | value head 'scalar'",
        "mlp:aux=maybe | aux=maybe: expected true or false",
        "mlp:hidden | at column 5: 'hidden' is not key=value",
        "mlp: | at column 5: expected key=value"})
    void badSpecsSayWhatIsWrong(String text, String message) {
        NetworkSpecException e = assertThrows(NetworkSpecException.class, () -> NetworkSpec.parse(text));
        assertTrue(e.getMessage().contains(message), e.getMessage());
    }

    @Test
    void recordValidation() {
        assertThrows(NetworkSpecException.class, () -> new NetworkSpec(NetworkSpec.Kind.MLP, List.of(), 0, 0, null, false));
        assertThrows(NetworkSpecException.class, () -> new NetworkSpec(NetworkSpec.Kind.MLP, List.of(8), 2, 0, null, false));
        assertThrows(NetworkSpecException.class, () -> new NetworkSpec(NetworkSpec.Kind.RESNET, List.of(8), 2, 8, null, false));
        assertThrows(NetworkSpecException.class, () -> new NetworkSpec(null, null, 0, 0, null, false));
        assertEquals(NetworkSpec.ValueHead.TANH, new NetworkSpec(NetworkSpec.Kind.MLP, List.of(8), 0, 0, null, false).value());
    }
}
