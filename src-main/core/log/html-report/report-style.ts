// The report's look, on screen and printed, light or dark as the OS asks on screen (the colours
// of the app's theme); printed, always light. Printed (or saved as PDF), the summary has its own
// page, each record starts where the last ended and is not cut inside a row or a line of its
// text, folded parts are open, and a link's target is written beside it.
export const REPORT_STYLE = `
body{font:14px/1.45 system-ui,sans-serif;margin:1.5rem 2rem;max-width:72rem;color:#222}
h1{font-size:1.4rem;margin:0 0 .2rem}h2{font-size:1rem;margin:.2rem 0}h3{font-size:.9rem;margin:.6rem 0 .2rem}
pre{background:#f5f5f5;padding:.5rem;overflow:auto;white-space:pre-wrap;word-break:break-word;font:12px/1.4 ui-monospace,monospace;margin:.2rem 0}
code{font:12px ui-monospace,monospace}
.muted{color:#666}.kind{font-size:.75em;padding:0 .3em;border:1px solid #999;border-radius:3px;font-weight:normal}
.counts{display:flex;flex-wrap:wrap;align-items:flex-start;gap:.4rem 2.5rem;margin:.4rem 0 1rem}.counts table{border-collapse:collapse}
.counts th,.counts td{padding:0 .6em 0 0;text-align:left;font-weight:normal}.counts caption{text-align:left;font-weight:600;white-space:nowrap}.counts td{text-align:right}.counts th{width:100%}
.attention{border:2px solid #b00;border-radius:6px;padding:.4rem .8rem;margin:.6rem 0}
.attention.clear{border-color:#070}.attention ul{margin:.1rem 0 .4rem;padding-left:1.2rem}
.attention li{margin:.1rem 0}.attention .why{color:#555}
.records-title{font-size:1.1rem;margin:1rem 0 0}
.rec{border-top:1px solid #ccc;padding:.6rem 0}.has-problem{border-left:4px solid #b00;padding-left:.6rem}
.problems{color:#900;font-weight:600;margin:.2rem 0}
table.fields,table.pairs{border-collapse:collapse;margin:.2rem 0}
.fields th,.pairs th{text-align:left;vertical-align:top;padding:0 .8em 0 0;font-weight:600;white-space:nowrap}
.fields td,.pairs td{vertical-align:top;word-break:break-word}.pairs{font:12px ui-monospace,monospace}
.links{margin:.3rem 0;padding-left:1.2rem}
summary{cursor:pointer;color:#444}
.sig-valid{color:#060}.sig-invalid{color:#a00}.sig-missing,.sig-unsupported,.late{color:#850}
.diff span{display:block;min-height:1.4em}.diff .del{background:#fdd}.diff .ins{background:#dfd}.diff .skip{color:#888}
.load-report h1 code{font-size:.9em}.load-verdict{font-size:1rem;margin:.4rem 0}.load-verdict.pass b{color:#060}.load-verdict.fail b{color:#b00}
.load-tiles{display:flex;flex-wrap:wrap;gap:.4rem;margin:.5rem 0}.load-tiles div{border:1px solid #ccc;border-radius:4px;padding:.25rem .6rem;min-width:6.5rem}
.load-tiles dt{font-size:.75rem;color:#666}.load-tiles dd{margin:0;font:600 1.05rem ui-monospace,monospace}.load-tiles small{display:block;font:11px system-ui,sans-serif;color:#666}
.load table.fields{margin:.5rem 0}
.load-errors,.load-histogram{border-collapse:collapse;margin:.6rem 0;font:12px ui-monospace,monospace}
.load-errors caption,.load-histogram caption{text-align:left;font:600 .9rem system-ui,sans-serif;padding-bottom:.2rem}
.load-errors th,.load-errors td,.load-histogram th,.load-histogram td{text-align:left;vertical-align:top;padding:.05rem .8em .05rem 0;font-weight:normal;white-space:nowrap}
.load-errors tr:first-of-type th{font:600 12px system-ui,sans-serif}.load-errors td:last-child{white-space:normal;word-break:break-word}
td.num{text-align:right}.load-histogram{width:100%;max-width:48rem}.load-histogram .bar-cell{width:100%}
.bar{display:block;width:100%;height:.95em}.bar rect{fill:#4a78c2}
@media screen and (prefers-color-scheme:dark){
  :root{color-scheme:dark}
  body{background:#0f1217;color:#e2e6ec}a{color:#58a6ff}
  pre{background:#1d222b}.muted,.load-tiles dt,.load-tiles small{color:#8b95a3}
  .kind,.load-tiles div{border-color:#2d333d}.rec{border-top-color:#2d333d}summary{color:#b8c0cc}.attention .why{color:#a3acb9}
  .attention{border-color:#f85149}.has-problem{border-left-color:#f85149}.attention.clear{border-color:#3fb950}.problems{color:#f85149}
  .sig-valid,.load-verdict.pass b{color:#3fb950}.sig-invalid,.load-verdict.fail b{color:#f85149}.sig-missing,.sig-unsupported,.late{color:#d29922}
  .diff .del{background:#3a1d1f}.diff .ins{background:#15321f}.diff .skip{color:#8b95a3}
  .bar rect{fill:#2f81f7}
}
@page{margin:1.5cm 1.2cm}
@media print{
  body{margin:0;max-width:none;font-size:11pt}
  .summary{break-after:page}
  .rec{break-inside:avoid-page;border-left:none;padding-left:0}
  tr,.diff span,li{break-inside:avoid}
  h2,h3{break-after:avoid}
  pre{background:none;border:1px solid #ccc;overflow:visible}
  details::details-content{content-visibility:visible;display:block}
  details>summary{list-style:none;font-weight:600;color:#222}
  a{color:inherit}
  a[href^="http"]::after{content:" (" attr(href) ")";font-size:.85em;color:#555}
}`;

/**
 * The one script: printing opens every fold (for a browser that cannot open them by style). The
 * report reads the same without it; the page's policy lets this script run and no other.
 */
export const REPORT_SCRIPT = `addEventListener('beforeprint',function(){document.querySelectorAll('details').forEach(function(d){d.open=true})});`;
