package score

// sacreBLEU's bootstrap stores the segment statistics as a NumPy float32
// array and hands each resample's summed row to the metric's
// _compute_score_from_stats. The metric's Python code then mixes NumPy
// float32 scalars with Python ints and floats, and under NumPy 2's promotion
// rules (NEP 50) a Python number meeting a float32 is converted to float32:
// BLEU's precisions and every chrF quantity are computed in float32. This
// file repeats that arithmetic, type by type, so that the resampled scores
// are sacreBLEU's to the bit; the corpus score itself still comes from the
// exact integer path ([BLEU.Compute], [ChrF.Compute]).

// pyNum is a number as sacreBLEU's Python code holds it while scoring a
// resample: a NumPy float32 scalar (f32) or a Python int or float.
type pyNum struct {
	v   float64
	f32 bool
}

// py returns a Python number.
func py(v float64) pyNum { return pyNum{v: v} }

// npf32 returns a NumPy float32 scalar.
func npf32(v float32) pyNum { return pyNum{v: float64(v), f32: true} }

// pyArith applies op to a and b with NumPy 2's promotion: in float32 when
// either is a float32 scalar (the Python operand rounded to float32 first),
// otherwise in float64.
func pyArith(a, b pyNum, op byte) pyNum {
	if a.f32 || b.f32 {
		x, y := float32(a.v), float32(b.v)
		var r float32
		switch op {
		case '+':
			r = x + y
		case '*':
			r = x * y
		case '/':
			r = x / y
		}
		return npf32(r)
	}
	var r float64
	switch op {
	case '+':
		r = a.v + b.v
	case '*':
		r = a.v * b.v
	case '/':
		r = a.v / b.v
	}
	return py(r)
}

func (a pyNum) add(b pyNum) pyNum { return pyArith(a, b, '+') }
func (a pyNum) mul(b pyNum) pyNum { return pyArith(a, b, '*') }
func (a pyNum) div(b pyNum) pyNum { return pyArith(a, b, '/') }

// bleuResampled adapts BLEU to the bootstrap. Its statistics are laid out as
// sacreBLEU's: hypothesis length, reference length, matches per order,
// totals per order.
type bleuResampled struct{ b BLEU }

func (m bleuResampled) validate() error { return m.b.Validate() }

func (m bleuResampled) segmentStats(hyp string, refs []string) []int {
	st := m.b.SegmentStats(hyp, refs)
	out := make([]int, 0, 2+2*MaxNGramOrder)
	out = append(out, st.HypLen, st.RefLen)
	out = append(out, st.Correct[:]...)
	return append(out, st.Total[:]...)
}

func (m bleuResampled) corpusScore(total []int, nrefs int) float64 {
	st := BLEUStats{HypLen: total[0], RefLen: total[1]}
	copy(st.Correct[:], total[2:2+MaxNGramOrder])
	copy(st.Total[:], total[2+MaxNGramOrder:])
	return m.b.Compute(st, nrefs).Score
}

// resampleScore is sacreBLEU's compute_bleu on float32 statistics: the
// lengths become Python ints, so the brevity penalty, the logarithms and the
// final exponential are float64 as in [BLEU.Compute], but each precision
// 100·correct/total is a float32 quotient (and add-k adds in float32). The
// score is a Python float.
func (m bleuResampled) resampleScore(sum []float32) pyNum {
	method, value := m.b.smooth(), m.b.smoothValue()
	sysLen, refLen := int(sum[0]), int(sum[1])
	var correct, total [MaxNGramOrder]float32
	copy(correct[:], sum[2:2+MaxNGramOrder])
	copy(total[:], sum[2+MaxNGramOrder:])
	bp := 1.0
	if sysLen < refLen {
		bp = 0
		if sysLen > 0 {
			bp = crExp(1 - float64(refLen)/float64(sysLen))
		}
	}
	anyCorrect := false
	for _, c := range correct {
		anyCorrect = anyCorrect || c != 0
	}
	if !anyCorrect {
		return py(0)
	}
	var precisions [MaxNGramOrder]float64
	smoothMteval := 1.0
	effOrder := MaxNGramOrder
	for n := 1; n <= MaxNGramOrder; n++ {
		if method == SmoothAddK && n > 1 {
			correct[n-1] += float32(value)
			total[n-1] += float32(value)
		}
		if total[n-1] == 0 {
			break
		}
		if m.b.EffectiveOrder {
			effOrder = n
		}
		if correct[n-1] == 0 {
			switch method {
			case SmoothExp:
				smoothMteval *= 2
				precisions[n-1] = float64(float32(100) / float32(float32(smoothMteval)*total[n-1]))
			case SmoothFloor:
				precisions[n-1] = float64(float32(100*value) / total[n-1])
			}
		} else {
			precisions[n-1] = float64(float32(float32(100)*correct[n-1]) / total[n-1])
		}
	}
	sumLogs := 0.0
	for _, p := range precisions[:effOrder] {
		sumLogs += flooredLog(p)
	}
	return py(bp * crExp(sumLogs/float64(effOrder)))
}

// chrFResampled adapts chrF to the bootstrap.
type chrFResampled struct{ c ChrF }

func (m chrFResampled) validate() error { return m.c.Validate() }

func (m chrFResampled) segmentStats(hyp string, refs []string) []int {
	return m.c.SegmentStats(hyp, refs)
}

func (m chrFResampled) corpusScore(total []int, nrefs int) float64 {
	return m.c.Compute(total, nrefs).Score
}

// resampleScore is sacreBLEU's _compute_f_score on float32 statistics, with
// each operation in the type Python and NumPy give it: precisions, recalls
// and their averages are float32, so the score is a float32 scalar, except
// for the Python 0.0 returned when no order has both hypothesis and
// reference n-grams.
func (m chrFResampled) resampleScore(sum []float32) pyNum {
	factor := m.c.beta() * m.c.beta()
	order := len(sum) / 3
	score, avgPrec, avgRec := py(0), py(0), py(0)
	effOrder := 0
	for i := range order {
		nHyp, nRef, nMatch := sum[3*i], sum[3*i+1], sum[3*i+2]
		prec, rec := py(chrFEpsilon), py(chrFEpsilon)
		if nHyp > 0 {
			prec = npf32(nMatch).div(npf32(nHyp))
		}
		if nRef > 0 {
			rec = npf32(nMatch).div(npf32(nRef))
		}
		if m.c.EpsSmoothing {
			if denom := py(float64(factor)).mul(prec).add(rec); denom.v > 0 {
				score = score.add(py(float64(1 + factor)).mul(prec).mul(rec).div(denom))
			} else {
				score = score.add(py(chrFEpsilon))
			}
		}
		if nHyp > 0 && nRef > 0 {
			avgPrec = avgPrec.add(prec)
			avgRec = avgRec.add(rec)
			effOrder++
		}
	}
	if m.c.EpsSmoothing {
		return py(100).mul(score).div(py(float64(order)))
	}
	if effOrder == 0 {
		return py(0)
	}
	avgPrec = avgPrec.div(py(float64(effOrder)))
	avgRec = avgRec.div(py(float64(effOrder)))
	if avgPrec.add(avgRec).v == 0 {
		return py(0)
	}
	s := py(float64(1 + factor)).mul(avgPrec).mul(avgRec)
	s = s.div(py(float64(factor)).mul(avgPrec).add(avgRec))
	return py(100).mul(s)
}
