package main

import (
	"fmt"
	"os"
	"strings"
)

func rssNote(what string) {
	if os.Getenv("BENCH_RSS_TRACE") == "" {
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
