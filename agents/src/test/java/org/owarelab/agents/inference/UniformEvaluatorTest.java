package org.owarelab.agents.inference;

import org.owarelab.rules.RuleSet;

class UniformEvaluatorTest implements EvaluatorContract {
    @Override
    public Evaluator evaluator() {
        return new UniformEvaluator(6);
    }

    @Override
    public RuleSet rules() {
        return RuleSet.DEFAULT;
    }
}
