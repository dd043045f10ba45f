#!/usr/bin/env python3
"""synth/pnr_report.py on small inputs: the wire loads from a qrouter RC
file (each net's capacitance summed over its tree, port-driven nets named
by the port), and the areas from a DEF and LEF (fillers in the core but not
in the cells).
  pnr_report_test.py REPOSITORY"""
import pathlib
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(sys.argv[1]) / "synth"))
import pnr_report  # noqa: E402

with tempfile.TemporaryDirectory() as d:
    tmp = pathlib.Path(d)
    rc = tmp / "top.rc"
    rc.write_text("_7_ 1 AND2X2_4/Y 16 ( 1.12 0.001 ( 0.64 0.002 NAND2X1_3/B ) , ( 1.6 0.004 OAI21X1_1/B ) )\n"
                  "a[0] 1 PIN/a[0] 3 ( 2.1 0.0005 BUFX2_1/A )\n"
                  "\n")
    lines = pnr_report.loads(rc).splitlines()
    assert lines == ["set_load 0.007 [get_nets -of_objects [get_pins {AND2X2_4/Y}]]",
                     "set_load 0.0005 [get_nets {a[0]}]"], lines

    # Cells 100 times the OSU sizes, so the areas show in mm^2 at 4 decimals.
    lef = tmp / "cells.lef"
    lef.write_text("SITE core\n  SIZE 80 BY 1000 ;\nEND core\n"
                   "MACRO FILL\n  CLASS CORE ;\n  SIZE 80 BY 1000 ;\nEND FILL\n"
                   "MACRO NAND2X1\n  CLASS CORE ;\n  SIZE 240 BY 1000 ;\nEND NAND2X1\n"
                   "MACRO DFFPOSX1\n  CLASS CORE ;\n  SIZE 960 BY 1000 ;\nEND DFFPOSX1\n")
    sizes = pnr_report.lef_sizes(lef)
    assert sizes == {"FILL": (80, 1000), "NAND2X1": (240, 1000), "DFFPOSX1": (960, 1000)}, sizes
    deffile = tmp / "top.def"
    # Two rows of 1200 um: a flip-flop and a NAND; a filler, a NAND and a filler.
    deffile.write_text("UNITS DISTANCE MICRONS 100 ;\nDIEAREA ( -10000 -10000 ) ( 130000 210000 ) ;\n"
                       "COMPONENTS 5 ;\n"
                       "- d1 DFFPOSX1 + PLACED ( 0 0 ) N ;\n- n1 NAND2X1 + PLACED ( 96000 0 ) N ;\n"
                       "- f1 FILL + FIXED ( 0 100000 ) FS ;\n- n2 NAND2X1 + PLACED ( 8000 100000 ) FS ;\n"
                       "- f2 FILL + PLACED ( 112000 100000 ) FS ;\n"
                       "END COMPONENTS\n")
    got = pnr_report.layout(deffile, sizes)
    # Die 1.4 x 2.2 mm; core 1.2 x 2.0 mm (the second row ends at 1120 + 80 um); cells
    # 0.96 + 0.24 + 0.24 mm^2, the fillers left out.
    assert got == {"die_mm2": 3.08, "core_mm2": 2.4, "cell_mm2": 1.44, "utilization": 0.6,
                   "cells": 3, "flip_flops": 1}, got
print("pnr_report: loads and areas as computed by hand")
