/**
 * TensorBoard's event files, written from Java ({@link org.owarelab.formats.tensorboard.EventWriter}):
 * a training run, a ladder or a tournament logs its curves so that {@code tensorboard --logdir}
 * shows them live and side by side. Here, beside the JSON and YAML mappers, because it is a file
 * format that both evaluation and training write.
 */
package org.owarelab.formats.tensorboard;
