# A PNG of a GDS, drawn by KLayout without a display (synth/pnr.sh):
#   QT_QPA_PLATFORM=offscreen klayout -zz -rd gds=IN.gds -rd png=OUT.png -r synth/layout_png.py
# Every cell level and layer in KLayout's default colours, without the pin
# labels (hundreds of them cover the edges), 1200 x 900 pixels.
import pya

view = pya.LayoutView()
view.load_layout(gds, 0)  # noqa: F821 (gds and png come from -rd)
view.set_config("text-visible", "false")
view.max_hier()
view.zoom_fit()
view.save_image(png, 1200, 900)  # noqa: F821
