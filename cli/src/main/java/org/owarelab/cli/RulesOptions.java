package org.owarelab.cli;

import org.owarelab.rules.Board;
import org.owarelab.rules.Position;
import org.owarelab.rules.RuleSet;
import picocli.CommandLine.Option;

/** The shared {@code --rules} and {@code --position} options (a picocli mixin). */
final class RulesOptions {
    @Option(names = "--rules", paramLabel = "RULES", defaultValue = "",
            description = "Rule variants as key=value,... with defaults omitted: grand-slam=no-capture|illegal|"
                    + "capture-all|to-opponent|spare-last, repetition=own-side|split, houses=2..8, seeds=1..8. "
                    + "Example: grand-slam=capture-all,houses=4,seeds=3")
    String rules;

    @Option(names = "--position", paramLabel = "POSITION",
            description = "Start position as text: house counts 0..11, South store, North store, side to move, "
                    + "joined by '-' (default: the start, 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S)")
    String position;

    RuleSet ruleSet() {
        return RuleSet.parse(rules);
    }

    Position startPosition() {
        RuleSet r = ruleSet();
        return position == null ? Position.start(r) : Position.parse(position, r);
    }

    Board board() {
        return new Board(startPosition());
    }
}
