package org.owarelab.export;

/**
 * The exact input layout of each encoder tag, in words, for model cards: what a front end must
 * compute to feed {@code model.onnx}. Written from the encoders' own contracts
 * ({@code org.owarelab.env.CompactEncoder}, {@code PlanesEncoder}); a new encoder version needs a
 * new entry here (an unknown tag says so rather than guessing).
 */
final class EncoderLayouts {
    private EncoderLayouts() {
    }

    static String describe(String tag) {
        return switch (tag) {
            case "compact/1" -> "float[2n+2] (14 for 6 houses), from the side to move's view: the mover's n houses "
                    + "from its own left (South: A..F, North: a..f), then the opponent's n houses from the opponent's "
                    + "left (the sowing order from the mover's first house), then the mover's store and the "
                    + "opponent's store; every value is a seed count divided by the total seeds (48)";
            case "planes/1" -> "float[C][2n] with C = 2n+7 (19 x 12 for 6 houses), channel-major (index c*2n+k); "
                    + "column k is canonical house k: the mover's houses from its left, then the opponent's from the "
                    + "opponent's left. Channels, T = 2n: 0..T-1 thermometer (channel t = 1 when the house holds more "
                    + "than t seeds); T: count / total seeds; T+1: 1 when the house holds 1 or 2 seeds; T+2: 1 on "
                    + "the mover's houses; T+3: 1 on the mover's houses whose move is legal; T+4, T+5: the mover's "
                    + "and the opponent's store / total on every column; T+6: min(ply, 300) / 300 on every column, "
                    + "ply = plies since the game's start position";
            default -> "no description for encoder " + tag + " in this build; see the lab's encoder of that tag";
        };
    }
}
