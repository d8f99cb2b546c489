"""ReadySocket: READY=1 from a child is seen at once; a child that exits without it ends the wait early."""

import os
import subprocess
import sys
import time
import unittest

from guest.ready import ReadySocket

SEND = (
    "import os, socket, time; time.sleep(0.3); s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM); "
    "s.sendto(b'STATUS=starting', os.environ['NOTIFY_SOCKET']); s.sendto(b'READY=1', os.environ['NOTIFY_SOCKET'])"
)


class ReadySocketTest(unittest.TestCase):
    def run_child(self, code):
        ready = ReadySocket()
        self.addCleanup(ready.close)
        child = subprocess.Popen([sys.executable, "-c", code], env=ready.env())
        self.addCleanup(child.wait)
        t0 = time.monotonic()
        got = ready.wait(10, alive=lambda: child.poll() is None)
        return got, time.monotonic() - t0

    def test_ready_from_a_child_is_seen(self):
        got, waited = self.run_child(SEND)
        self.assertTrue(got)
        self.assertLess(waited, 5)

    def test_a_child_that_exits_without_ready_ends_the_wait(self):
        got, waited = self.run_child("import time; time.sleep(0.3)")
        self.assertFalse(got)
        self.assertLess(waited, 5)

    def test_the_socket_file_is_removed(self):
        ready = ReadySocket()
        path = ready.path
        ready.close()
        self.assertFalse(os.path.exists(path))


if __name__ == "__main__":
    unittest.main()
