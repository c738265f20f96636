package verify

import (
	"fmt"
	"strconv"
	"strings"

	"onnxprune/gatesfile"
	"onnxprune/graphedit"
	"onnxprune/graphedit/heads"
	"onnxprune/graphedit/structures"
	"onnxprune/onnxio"
)

// structureGates returns the FFN neuron and sublayer records of d: its
// Structures, else those of its gates file (nil when d has none: a head
// spec, or a heads-only file).
func structureGates(d HeadDecision) (*gatesfile.File, error) {
	if d.Structures != nil {
		if !d.Structures.HasStructures() {
			return nil, nil
		}
		return d.Structures, nil
	}
	if d.Gates == "" {
		return nil, nil
	}
	gf, err := gatesfile.Read(d.Gates)
	if err != nil {
		return nil, fmt.Errorf("verify: %w", err)
	}
	if !gf.HasStructures() {
		return nil, nil
	}
	return gf, nil
}

// removedUnits names the FFN neurons and sublayers sg removes, record by
// record (`ffn:encoder:2:0-99`, `sublayer:decoder:1:ffn`).
func removedUnits(sg *gatesfile.File) []string {
	var out []string
	for _, r := range append(append([]structures.GateRecord{}, sg.FFN...), sg.Sublayers...) {
		if !r.Keep {
			out = append(out, r.Name)
		}
	}
	return out
}

// fileRecords keeps the records of sg naming structures d found (the
// others are for the other files of the model).
func fileRecords(d *structures.Discovery, sg *gatesfile.File) *gatesfile.File {
	mine := &gatesfile.File{}
	for _, r := range sg.FFN {
		if i := strings.LastIndexByte(r.Name, ':'); i > 0 && d.FFN(r.Name[:i]) != nil {
			mine.FFN = append(mine.FFN, r)
		}
	}
	for _, r := range sg.Sublayers {
		if d.Sublayer(r.Name) != nil {
			mine.Sublayers = append(mine.Sublayers, r)
		}
	}
	return mine
}

// cutsStructures reports whether sg removes an FFN neuron or a sublayer of
// the file whose graph is g (hd: its heads found before, nil: found now).
func cutsStructures(g *graphedit.Graph, hd *heads.Discovery, sg *gatesfile.File) (bool, error) {
	d, err := discoverStructures(g, hd)
	if err != nil {
		return false, err
	}
	mine := fileRecords(d, sg)
	for _, r := range append(mine.FFN, mine.Sublayers...) {
		if !r.Keep {
			return true, nil
		}
	}
	return false, nil
}

// gateStructures gates every FFN neuron and sublayer of one file (already
// head-gated) with its stored value 1 where sg keeps it and 0 where it was
// removed, as the pruned file was cut. Records of structures the file does
// not have (the encoder's in a decoder file) are for the other files.
// blocks are g's attention blocks, their heads gated.
func gateStructures(g *graphedit.Graph, blocks []*heads.Block, sg *gatesfile.File) error {
	d, err := structures.DiscoverWith(g, &heads.Discovery{Blocks: blocks})
	if err != nil {
		return err
	}
	m := &structures.Model{}
	m.Add(d)
	mine := fileRecords(d, sg)
	if !mine.HasStructures() {
		return nil
	}
	dec, err := mine.StructureDecision(m)
	if err != nil {
		return err
	}
	var group int64 // one gate per neuron, whatever groups the records name
	if len(mine.FFN) > 0 {
		group = 1
	}
	gates, err := structures.InsertGates(g, d, group, len(mine.Sublayers) > 0)
	if err != nil {
		return err
	}
	for _, gt := range gates {
		vals := make([]float32, gt.Size)
		for i := range vals {
			vals[i] = 1
		}
		if keep, ok := dec.Neurons[strings.TrimPrefix(gt.Structure, "ffn:")]; ok {
			for i, k := range keep {
				if !k {
					vals[i] = 0
				}
			}
		}
		if dec.Sublayers[strings.TrimPrefix(gt.Structure, "sublayer:")] {
			vals[0] = 0
		}
		if err := g.SetInitializer(g.Value(gt.Name), onnxio.NewFloat32(gt.Name, []int64{gt.Size}, vals)); err != nil {
			return err
		}
	}
	return nil
}

// discoverStructures finds g's structures with hd, its heads found
// before (structures.DiscoverWith), or finding them (nil hd).
func discoverStructures(g *graphedit.Graph, hd *heads.Discovery) (*structures.Discovery, error) {
	if hd == nil {
		return structures.Discover(g)
	}
	return structures.DiscoverWith(g, hd)
}

// structureCuts says what else than heads the gates file of d closes, as
// `, 32 FFN neurons and 1 sublayer` ("" when nothing).
func structureCuts(d HeadDecision) string {
	sg, err := structureGates(d)
	if err != nil || sg == nil {
		return ""
	}
	neurons, subs := 0, 0
	for _, r := range sg.FFN {
		if r.Keep {
			continue
		}
		n := 1
		if i := strings.LastIndexByte(r.Name, ':'); i > 0 {
			if a, b, ok := strings.Cut(r.Name[i+1:], "-"); ok {
				lo, err1 := strconv.Atoi(a)
				hi, err2 := strconv.Atoi(b)
				if err1 == nil && err2 == nil && hi >= lo {
					n = hi - lo + 1
				}
			}
		}
		neurons += n
	}
	for _, r := range sg.Sublayers {
		if !r.Keep {
			subs++
		}
	}
	if neurons == 0 && subs == 0 {
		return ""
	}
	plural := func(n int, one, many string) string {
		if n == 1 {
			return "1 " + one
		}
		return fmt.Sprintf("%d %s", n, many)
	}
	return ", " + plural(neurons, "FFN neuron", "FFN neurons") + " and " + plural(subs, "sublayer", "sublayers")
}
