"""Prints what TensorBoard's own reader sees in a log directory, as one JSON object.

Usage: python/.venv/bin/python scripts/tensorboard-dump.py LOGDIR   (python/venv.sh makes the venv)
The tests that check the lab's event files (TensorBoardLogTest, EloBoardTest) run it.
  scalars, histograms, texts: from EventAccumulator (which purges what a SessionLog START or
  a step going back discards), keyed by tag, each a list of [step, ...];
  raw: every (tag, step) of every event file, unpurged, as TensorBoard's data server reads them;
  hparams: the run's hyperparameters, as the HParams plugin parses its session start info.
"""
import glob
import json
import os
import sys

from tensorboard.backend.event_processing import event_accumulator, event_file_loader
from tensorboard.plugins.hparams import metadata as hp_metadata

logdir = sys.argv[1]
acc = event_accumulator.EventAccumulator(logdir, size_guidance={
    event_accumulator.SCALARS: 0, event_accumulator.HISTOGRAMS: 0, event_accumulator.TENSORS: 0})
acc.Reload()
tags = acc.Tags()
out = {
    "scalars": {t: [[e.step, e.value] for e in acc.Scalars(t)] for t in tags["scalars"]},
    "histograms": {t: [[e.step, e.histogram_value.num, e.histogram_value.sum, sum(e.histogram_value.bucket),
                        e.histogram_value.min, e.histogram_value.max] for e in acc.Histograms(t)]
                   for t in tags["histograms"]},
    "texts": {t: [[e.step, e.tensor_proto.string_val[0].decode("utf-8")] for e in acc.Tensors(t)]
              for t in tags["tensors"]},
    "raw": [],
    "hparams": {},
}
try:
    contents = acc.PluginTagToContent(hp_metadata.PLUGIN_NAME)
except KeyError:
    contents = {}
if hp_metadata.SESSION_START_INFO_TAG in contents:
    info = hp_metadata.parse_session_start_info_plugin_data(contents[hp_metadata.SESSION_START_INFO_TAG])
    for key, value in info.hparams.items():
        out["hparams"][key] = getattr(value, value.WhichOneof("kind"))

for f in sorted(glob.glob(os.path.join(logdir, "*tfevents*"))):
    for ev in event_file_loader.LegacyEventFileLoader(f).Load():
        for v in ev.summary.value:
            out["raw"].append([v.tag, ev.step])
print(json.dumps(out))
