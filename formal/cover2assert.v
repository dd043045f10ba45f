// For formal/run.sh --solver abc --mode cover: cover(A) becomes assert(!A),
// so that ABC's bmc3 -a reports the frame where each cover is first reached.
(* techmap_celltype = "$cover" *)
module cover2assert (
  input A,
  input EN
);
  \$assert _TECHMAP_REPLACE_ (.A(!A), .EN(EN));
endmodule
