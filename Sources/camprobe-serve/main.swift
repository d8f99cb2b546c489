import Console
