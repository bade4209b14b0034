# -*- Python -*-
# lit configuration of the rmean unit tests: every gtest binary named
# *Tests under the build's unittests/ folder, one lit test per gtest case.

import os

import lit.formats

config.name = "RMEAN-Unit"
config.suffixes = []
config.test_source_root = os.path.join(config.rmean_obj_root, "unittests")
config.test_exec_root = config.test_source_root
config.test_format = lit.formats.GoogleTest(".", "Tests")
