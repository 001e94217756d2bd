import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** One line of a chart: its label, colour, values by position, and whether it is dashed (the previous period). */
export type ChartLine = { label: string; color: string; values: number[]; dashed?: boolean };

type Props = {
  /** the text of each point (its day, week or month) */
  labels: string[];
  lines: ChartLine[];
  /** the y axis' tick text of a value */
  formatY: (value: number) => string;
  label: string;
};

const HEIGHT = 260;

/**
 * A line chart drawn by uPlot (loaded with this module only, when a report shows its first chart). It follows its
 * box's width; the figures themselves are in the table beside it, so the canvas is hidden from screen readers.
 */
export default function ReportChart({ labels, lines, formatY, label }: Props) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return undefined;
    const xs = labels.map((_, index) => index);
    const step = Math.max(1, Math.ceil(labels.length / 8));
    const formatX = (index: number) => labels[Math.round(index)] ?? '';
    const options: uPlot.Options = {
      width: Math.max(element.clientWidth, 240),
      height: HEIGHT,
      scales: { x: { time: false } },
      legend: { show: true },
      cursor: { drag: { x: false, y: false } },
      series: [
        { label: '', value: (_, value) => (value === null ? '' : formatX(value)) },
        ...lines.map((line) => ({
          label: line.label,
          stroke: line.color,
          width: 2,
          ...(line.dashed ? { dash: [6, 4] } : {}),
          points: { show: xs.length <= 62 },
          value: (_: uPlot, value: number | null) => (value === null ? '' : formatY(value)),
        })),
      ],
      axes: [
        { splits: () => xs.filter((index) => index % step === 0), values: (_, ticks) => ticks.map(formatX), space: 60 },
        { values: (_, ticks) => ticks.map((tick) => formatY(tick)), size: 80 },
      ],
    };
    const chart = new uPlot(options, [xs, ...lines.map((line) => line.values)], element);
    const observer = new ResizeObserver(() => chart.setSize({ width: Math.max(element.clientWidth, 240), height: HEIGHT }));
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.destroy();
    };
  }, [labels, lines, formatY]);
  return <div ref={box} className="report-chart" role="img" aria-label={label} data-chart-ready="true" />;
}
