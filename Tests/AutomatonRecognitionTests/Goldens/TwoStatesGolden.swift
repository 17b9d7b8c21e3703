/// The JSON line of `RecognitionResultTests.drawing` (FORMATS.md §2), checked by hand:
/// q0 at (100, 100) r 40 (39.96: resampling cuts the chords of the 60-point sketch), q1 final
/// with a ring of 50, arrow tip at (250, 100) with 27.5-long barbs at ±30°, a loop above q1
/// on the ring, an initial arrow with synthesised barbs, a far cycle rejected.
/// Regenerate only after checking a diff by eye.
let twoStatesGoldenJSONLine = [
    #"{"format":1,"source":"examples/two-states.json","elements":[{"stroke":0,"class":"circle""#,
    #","confidence":0.9,"role":"state","state":"q0","center":{"x":100,"y":100},"radius":39.96}"#,
    #",{"stroke":1,"class":"circle","confidence":0.9,"role":"state","state":"q1","center":{"x""#,
    #":300,"y":100},"radius":39.96},{"stroke":2,"class":"circle","confidence":0.9,"role":"fina"#,
    #"l","state":"q1"},{"stroke":3,"class":"arrow","confidence":0.9,"role":"transition","start"#,
    #"":{"x":140,"y":100},"tip":{"x":250,"y":100},"head":[{"x":226.18,"y":86.25},{"x":226.18,""#,
    #"y":113.75}],"from":"q0","to":"q1"},{"stroke":4,"class":"cycle","confidence":0.9,"role":""#,
    #"cycle","state":"q1","path":[{"x":280.83,"y":53.88},{"x":278.5,"y":49.33},{"x":277.07,"y""#,
    #":44.42},{"x":276.6,"y":39.33},{"x":277.11,"y":34.25},{"x":278.57,"y":29.35},{"x":280.93,"#,
    #""y":24.82},{"x":284.11,"y":20.82},{"x":288,"y":17.49},{"x":292.44,"y":14.97},{"x":297.28"#,
    #","y":13.33},{"x":302.35,"y":12.64},{"x":307.45,"y":12.93},{"x":312.41,"y":14.18},{"x":31"#,
    #"7.04,"y":16.35},{"x":321.17,"y":19.36},{"x":324.65,"y":23.09},{"x":327.37,"y":27.43},{"x"#,
    #"":329.21,"y":32.19},{"x":330.11,"y":37.22},{"x":330.05,"y":42.33},{"x":329.01,"y":47.34}"#,
    #",{"x":327.04,"y":52.06},{"x":324.22,"y":56.31}]},{"stroke":5,"class":"arrow","confidence"#,
    #"":0.9,"role":"initial","start":{"x":20,"y":100},"tip":{"x":60,"y":100},"head":[{"x":53.0"#,
    #"7,"y":96},{"x":53.07,"y":104}],"to":"q0"},{"stroke":6,"class":"cycle","confidence":0.9,""#,
    #"role":"rejected","reason":"self-loop with no state nearby"}],"automaton":{"states":[{"id"#,
    #"":"q0","center":{"x":100,"y":100},"radius":39.96,"initial":true,"final":false},{"id":"q1"#,
    #"","center":{"x":300,"y":100},"radius":39.96,"initial":false,"final":true,"ringRadius":49"#,
    #".95}],"transitions":[{"from":"q0","to":"q1","symbols":["a"],"epsilon":false},{"from":"q1"#,
    #"","to":"q1","symbols":["b"],"epsilon":false}]},"runs":[{"input":"ab","accepted":true},{""#,
    #"input":"a","accepted":true},{"input":"abbb","accepted":true},{"input":"","accepted":fals"#,
    #"e},{"input":"ac","accepted":false}]}"#,
].joined()
