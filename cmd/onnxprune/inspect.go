package main

import (
	"context"
	"errors"
	"io"
)

func inspectCommand() command {
	c := command{
		name:  "inspect",
		short: "summarise a model: opsets, inputs/outputs, ops, parameters",
		usage: "inspect [flags] MODEL...",
		long:  "Print a model's IR version, opsets, producer, inputs and outputs with shapes, op histogram, parameter count and bytes.",
	}
	c.run = func(ctx context.Context, args []string, stdout, stderr io.Writer) error {
		fs := newFlagSet(c, stdout)
		if err := parseFlags(fs, args); err != nil {
			return err
		}
		return errors.New("not implemented yet")
	}
	return c
}
