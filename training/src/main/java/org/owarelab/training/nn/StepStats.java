package org.owarelab.training.nn;

/**
 * What one learner step measured, before its update, on its batch.
 *
 * @param step the step number (0 for the first step)
 * @param samples the batch size
 * @param learningRate the rate used (schedule applied)
 * @param loss the weighted total
 * @param policyLoss cross-entropy of the masked policy against the target distribution (nats)
 * @param valueLoss squared error of the tanh value, or cross-entropy of the WDL head (nats)
 * @param auxLoss squared error of the margin head (0 without one)
 * @param policyEntropy mean entropy of the network's masked policy (nats)
 * @param valueAccuracy share of decisive samples (result not 0) whose predicted value has the
 *     result's sign; NaN when the batch has none
 * @param gradNorm the global L2 norm of the gradient before clipping
 */
public record StepStats(long step, int samples, double learningRate, double loss, double policyLoss,
                        double valueLoss, double auxLoss, double policyEntropy, double valueAccuracy,
                        double gradNorm) {
    /** One line for logs, e.g. {@code step 12 loss 2.143 (policy 1.702, value 0.441, aux 0) ...}. */
    public String line() {
        return String.format("step %d loss %.4f (policy %.4f, value %.4f, aux %.4f) entropy %.3f value-acc %.3f "
                + "grad-norm %.3f lr %.2e", step, loss, policyLoss, valueLoss, auxLoss, policyEntropy, valueAccuracy,
                gradNorm, learningRate);
    }
}
