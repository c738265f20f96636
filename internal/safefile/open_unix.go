//go:build unix

package safefile

import (
	"os"
	"syscall"
)

// openRegularFlags opens without blocking: opening a named pipe that has no
// writer would otherwise wait for one forever.
const openRegularFlags = os.O_RDONLY | syscall.O_NONBLOCK
