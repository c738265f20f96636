package main

import (
	"fmt"
	"os"
	"strings"
)

// rssTrace is set by -rss-trace.
var rssTrace bool

// rssNote prints, with -rss-trace, the process's resident size now and at its
// peak (/proc/self/status) after a stage of the run, to stderr.
func rssNote(what string) {
	if !rssTrace {
		return
	}
	b, _ := os.ReadFile("/proc/self/status")
	var rss, hwm string
	for _, l := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(l, "VmRSS:") {
			rss = strings.TrimSpace(l[6:])
		}
		if strings.HasPrefix(l, "VmHWM:") {
			hwm = strings.TrimSpace(l[6:])
		}
	}
	fmt.Fprintf(os.Stderr, "rss %-24s now %s peak %s\n", what, rss, hwm)
}
