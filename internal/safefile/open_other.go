//go:build !unix

package safefile

import "os"

// openRegularFlags: systems without O_NONBLOCK rely on the type check made
// before the open.
const openRegularFlags = os.O_RDONLY
