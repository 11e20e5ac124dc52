"""The baseline for tests/benchmarks/bundle_size.py: a bare PySide6 window, bundled with the same
spec settings as the app (`TABLEKEEPER_BUNDLE=hello pyinstaller packaging/tablekeeper.spec`).
`--smoke-start` prints when the window is shown and quits, as the app does."""
import sys

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMainWindow

app = QApplication(sys.argv)
window = QMainWindow()
window.setWindowTitle("Hello")
window.resize(1100, 720)
window.show()
if "--smoke-start" in sys.argv:
    QTimer.singleShot(0, lambda: (print("smoke: first window shown", flush=True), app.quit()))
sys.exit(app.exec())
